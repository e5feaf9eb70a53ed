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
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * Triggers refreshes: on file-system events in the directories the panel shows (the rendezvous
 * directory, the hermes root, its {@code profiles/} and every profile home: inotify on Linux, so an
 * idle panel costs nothing), plus a slow re-verification timer for what makes no file event (a
 * SIGKILLed owner leaves its record). Watching registers only; it creates nothing. The set of
 * directories is asked again after every event, so a new profile home is watched before the refresh
 * that shows it runs, and a marker written into it a moment later is an event too. A directory that
 * does not exist yet is registered once it does (its parent's event, or the timer).
 */
public final class RendezvousWatcher implements AutoCloseable {
    private final Supplier<List<Path>> directories;
    private final Duration recheck;
    private final Runnable onChange;
    private final ScheduledExecutorService timer;
    private final Map<Path, WatchKey> keys = new HashMap<>();
    private WatchService service;
    private boolean closed;

    /** Watches one directory (the rendezvous directory). */
    public static RendezvousWatcher of(Supplier<Path> directory, Duration recheck, Runnable onChange) {
        return new RendezvousWatcher(() -> List.of(directory.get()), recheck, onChange);
    }

    public RendezvousWatcher(Supplier<List<Path>> directories, Duration recheck, Runnable onChange) {
        this.directories = directories;
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

    /** The directories being watched for events now. */
    public synchronized Set<Path> watched() {
        return Set.copyOf(keys.keySet());
    }

    /** Registers what is wanted and exists, and lets go of what is no longer wanted. */
    private synchronized void register() {
        if (service == null || closed) {
            return;
        }
        Set<Path> wanted = new HashSet<>();
        for (Path dir : directories.get()) {
            Path normal = dir.toAbsolutePath().normalize();
            wanted.add(normal);
            WatchKey key = keys.get(normal);
            if ((key != null && key.isValid()) || !Files.isDirectory(normal)) {
                continue;
            }
            try {
                keys.put(normal, normal.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY));
            } catch (IOException | ClosedWatchServiceException unwatchable) {
                // The timer still re-verifies.
            }
        }
        keys.entrySet().removeIf(entry -> {
            boolean drop = !wanted.contains(entry.getKey()) || !entry.getValue().isValid();
            if (drop) {
                entry.getValue().cancel();
            }
            return drop;
        });
    }

    private void pumpEvents() {
        try {
            while (true) {
                WatchKey key = service.take();
                key.pollEvents();
                // A directory that went away is registered again once it is back (register drops invalid keys).
                key.reset();
                register();
                onChange.run();
            }
        } catch (InterruptedException | ClosedWatchServiceException closedService) {
            // Shut down.
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
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
