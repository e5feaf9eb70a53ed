package dev.hostwarden.runtime;

import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * hermes' {@code _run_planned_stop_watcher}: the stop path that needs no signal (Windows has none a
 * JVM can catch from another process). It wakes on file-system events for the marker's directory,
 * and every poll interval regardless (some platforms' watch services poll slowly or not at all).
 * When a live marker names this process while the owner runs and is not draining, it schedules the
 * shutdown handler with no signal, exactly once, and ends; the handler does the authoritative consume.
 * An error in one tick is logged and the next tick runs; {@link #stop()} ends it promptly.
 */
public final class PlannedStopWatcher implements Runnable {
    public static final Duration DEFAULT_POLL_INTERVAL = Duration.ofMillis(500);
    private static final System.Logger LOG = System.getLogger(PlannedStopWatcher.class.getName());

    /** Resolves the marker path; may throw (the seed test makes it fail after its first call). */
    @FunctionalInterface
    public interface MarkerPath {
        Path get() throws IOException;
    }

    /** The two flags of hermes' runner the watcher reads. */
    public interface RunnerState {
        boolean isRunning();

        boolean isDraining();
    }

    /** Receives the shutdown; {@code signal} is null for a planned stop found by the watcher. */
    @FunctionalInterface
    public interface ShutdownHandler {
        void shutdown(String signal);
    }

    /** hermes' event loop: {@code call_soon_threadsafe(handler, signal)}. */
    @FunctionalInterface
    public interface Loop {
        void callSoonThreadsafe(ShutdownHandler handler, String signal);
    }

    private final MarkerPath markerPath;
    private final RunnerState runner;
    private final Loop loop;
    private final ShutdownHandler handler;
    private final Duration pollInterval;
    private final ProcessInspector inspector;
    private final AtomicBoolean stopped = new AtomicBoolean();
    private final AtomicLong ticks = new AtomicLong();
    private final Object wake = new Object();
    private volatile WatchService watch;

    public PlannedStopWatcher(MarkerPath markerPath, RunnerState runner, Loop loop, ShutdownHandler handler,
                              Duration pollInterval, ProcessInspector inspector) {
        this.markerPath = markerPath;
        this.runner = runner;
        this.loop = loop;
        this.handler = handler;
        this.pollInterval = pollInterval;
        this.inspector = inspector;
    }

    /** Starts the watcher on a daemon thread named {@code planned-stop-watcher}. */
    public Thread startThread() {
        Thread thread = new Thread(this, "planned-stop-watcher");
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    /** Ends the loop within moments, wherever it waits. */
    public void stop() {
        stopped.set(true);
        WatchService current = watch;
        if (current != null) {
            try {
                current.close();
            } catch (IOException ignored) {
                // Closed enough: the waiting poll returns either way.
            }
        }
        synchronized (wake) {
            wake.notifyAll();
        }
    }

    /** How many ticks have run; tests wait on it instead of sleeping. */
    public long ticks() {
        return ticks.get();
    }

    @Override
    public void run() {
        try {
            watch = openWatch();
            if (stopped.get()) {
                stop();
            }
            while (!stopped.get()) {
                if (tick()) {
                    return;
                }
                await();
            }
        } finally {
            closeWatch();
        }
    }

    /** One look: true when the handler was scheduled (the watcher's work is done). */
    private boolean tick() {
        try {
            Path path = markerPath.get();
            if (Files.exists(path) && !runner.isDraining() && runner.isRunning()
                    && PlannedStopMarker.at(path).targetsSelf(inspector)) {
                loop.callSoonThreadsafe(handler, null);
                return true;
            }
        } catch (IOException | RuntimeException failed) {
            LOG.log(Level.DEBUG, "Planned-stop watcher tick error: {0}", failed.toString());
        } finally {
            ticks.incrementAndGet();
        }
        return false;
    }

    /** Waits one poll interval, waking early on a file-system event in the marker's directory or on stop. */
    private void await() {
        try {
            WatchService current = watch;
            if (current != null) {
                WatchKey key = current.poll(pollInterval.toNanos(), TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
                return;
            }
            synchronized (wake) {
                if (!stopped.get()) {
                    wake.wait(Math.max(1, pollInterval.toMillis()));
                }
            }
        } catch (ClosedWatchServiceException closed) {
            watch = null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            stopped.set(true);
        }
    }

    /** A watch on the marker's directory, or null: polling alone still works. */
    private WatchService openWatch() {
        WatchService service = null;
        try {
            Path dir = markerPath.get().toAbsolutePath().getParent();
            service = FileSystems.getDefault().newWatchService();
            dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
            return service;
        } catch (IOException | RuntimeException unavailable) {
            LOG.log(Level.DEBUG, "Planned-stop watcher polls only: {0}", unavailable.toString());
            if (service != null) {
                try {
                    service.close();
                } catch (IOException ignored) {
                    // Nothing else to release.
                }
            }
            return null;
        }
    }

    private void closeWatch() {
        WatchService current = watch;
        watch = null;
        if (current != null) {
            try {
                current.close();
            } catch (IOException ignored) {
                // Nothing else to release.
            }
        }
    }
}
