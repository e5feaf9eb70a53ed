package dev.hostwarden.panel.model;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Triggers refreshes: on file-system events in the rendezvous directory (inotify on Linux, so an
 * idle panel costs nothing), plus a slow re-verification timer for what makes no file event (a
 * SIGKILLed owner leaves its record). Watching registers only; it creates nothing. While the
 * directory does not exist yet, the timer re-tries registering it.
 */
public final class RendezvousWatcher implements AutoCloseable {
    private final Supplier<Path> directory;
    private final Duration recheck;
    private final Runnable onChange;
    private final ScheduledExecutorService timer;
    private WatchService service;
    private Path watched;

    public RendezvousWatcher(Supplier<Path> directory, Duration recheck, Runnable onChange) {
        this.directory = directory;
        this.recheck = recheck;
        this.onChange = onChange;
        this.timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "hostwarden-recheck");
            thread.setDaemon(true);
            return thread;
        });
    }

    public synchronized void start() {
        try {
            service = FileSystems.getDefault().newWatchService();
        } catch (IOException unsupported) {
            service = null;
        }
        register();
        if (service != null) {
            Thread events = new Thread(this::pumpEvents, "hostwarden-watch");
            events.setDaemon(true);
            events.start();
        }
        long period = recheck.toMillis();
        timer.scheduleWithFixedDelay(() -> {
            register();
            onChange.run();
        }, period, period, TimeUnit.MILLISECONDS);
    }

    /** The directory being watched for events, or null while it does not exist. */
    public synchronized Path watched() {
        return watched;
    }

    private synchronized void register() {
        Path dir = directory.get();
        if (service == null || dir.equals(watched) || !Files.isDirectory(dir)) {
            return;
        }
        try {
            dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                    StandardWatchEventKinds.ENTRY_MODIFY);
            watched = dir;
        } catch (IOException unwatchable) {
            // The timer still re-verifies.
        }
    }

    /** The directory went away: the timer registers it again once it is back. */
    private synchronized void forget() {
        watched = null;
    }

    private void pumpEvents() {
        try {
            while (true) {
                WatchKey key = service.take();
                key.pollEvents();
                if (!key.reset()) {
                    forget();
                }
                onChange.run();
            }
        } catch (InterruptedException | ClosedWatchServiceException closed) {
            // Shut down.
        }
    }

    @Override
    public synchronized void close() {
        timer.shutdownNow();
        if (service != null) {
            try {
                service.close();
            } catch (IOException ignored) {
                // Closing.
            }
        }
    }
}
