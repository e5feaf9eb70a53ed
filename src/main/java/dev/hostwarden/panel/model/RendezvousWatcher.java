package dev.hostwarden.panel.model;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
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
import java.util.stream.Collectors;

/**
 * Triggers refreshes: on file-system events in the directories the panel shows (the rendezvous
 * directory, the hermes root, its {@code profiles/} and every profile home, where only the files the
 * panel shows count: inotify on Linux, so an idle panel costs nothing), plus a slow re-verification timer for what makes no file event (a
 * SIGKILLed owner leaves its record). Watching registers only; it creates nothing. The set of
 * directories is asked again after every event, so a new profile home is watched before the refresh
 * that shows it runs, and a marker written into it a moment later is an event too. A directory that
 * does not exist yet (the rendezvous directory before the first owner) is awaited in its parent,
 * where only the creation of that one name counts, so the rest of a busy parent costs nothing.
 */
public final class RendezvousWatcher implements AutoCloseable {
    /**
     * One directory to watch: every event in it, or only events naming one of {@code only}. A hermes
     * home also holds files hermes writes all the time (its state database, logs): only the names the
     * panel shows may cost a refresh.
     */
    public record Watch(Path dir, Set<String> only) {
        public static Watch all(Path dir) {
            return new Watch(dir, Set.of());
        }

        public static Watch only(Path dir, String... names) {
            return new Watch(dir, Set.of(names));
        }
    }

    private final Supplier<List<Watch>> directories;
    private final Duration recheck;
    private final Runnable onChange;
    private final ScheduledExecutorService timer;
    private final Map<Path, WatchKey> keys = new HashMap<>();
    /** Directories wanted and existing -> the names whose events count (empty: all). */
    private final Map<Path, Set<Path>> wantedHere = new HashMap<>();
    /** Parent directory -> names of wanted directories not there yet: only events naming them count. */
    private final Map<Path, Set<Path>> awaited = new HashMap<>();
    private WatchService service;
    private boolean closed;

    /** Watches one directory (the rendezvous directory). */
    public static RendezvousWatcher of(Supplier<Path> directory, Duration recheck, Runnable onChange) {
        return new RendezvousWatcher(() -> List.of(Watch.all(directory.get())), recheck, onChange);
    }

    public RendezvousWatcher(Supplier<List<Watch>> directories, Duration recheck, Runnable onChange) {
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

    /** The wanted directories being watched for events now (not the parents awaiting one). */
    public synchronized Set<Path> watched() {
        Set<Path> watched = new HashSet<>(wantedHere.keySet());
        watched.retainAll(keys.keySet());
        return Set.copyOf(watched);
    }

    /**
     * Registers what is wanted and exists (or the parent it will appear in), and lets go of the rest.
     * A directory registered just now may have gained a subdirectory before its registration (mkdir
     * -p makes both at once), which no event will announce: so the set is asked again until nothing
     * new is registered.
     */
    private synchronized void register() {
        for (int round = 0; round < 8 && registerOnce(); round++) {
            // Again: something new was registered.
        }
    }

    /** One pass of {@link #register()}; true when it registered a directory it did not watch before. */
    private boolean registerOnce() {
        if (service == null || closed) {
            return false;
        }
        boolean added = false;
        wantedHere.clear();
        awaited.clear();
        for (Watch watch : directories.get()) {
            Path normal = watch.dir().toAbsolutePath().normalize();
            if (Files.isDirectory(normal)) {
                Set<Path> names = watch.only().stream().map(Path::of).collect(Collectors.toSet());
                // All events win over a filter; filters of the same directory add up.
                wantedHere.merge(normal, names, (before, more) -> before.isEmpty() || more.isEmpty() ? Set.of() : union(before, more));
            } else if (normal.getParent() != null && Files.isDirectory(normal.getParent())) {
                awaited.computeIfAbsent(normal.getParent(), parent -> new HashSet<>()).add(normal.getFileName());
            }
        }
        Set<Path> needed = new HashSet<>(wantedHere.keySet());
        needed.addAll(awaited.keySet());
        for (Path dir : needed) {
            WatchKey key = keys.get(dir);
            if (key != null && key.isValid()) {
                continue;
            }
            try {
                keys.put(dir, dir.register(service, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_MODIFY));
                added = true;
            } catch (IOException | ClosedWatchServiceException unwatchable) {
                // The timer still re-verifies.
            }
        }
        keys.entrySet().removeIf(entry -> {
            boolean drop = !needed.contains(entry.getKey()) || !entry.getValue().isValid();
            if (drop) {
                entry.getValue().cancel();
            }
            return drop;
        });
        return added;
    }

    /** Whether events in {@code dir} matter: all of them in a wanted directory, else only those naming an awaited one. */
    private synchronized boolean matters(Path dir, List<WatchEvent<?>> events) {
        Set<Path> filter = wantedHere.get(dir);
        if (filter != null && filter.isEmpty()) {
            return true;
        }
        Set<Path> names = union(filter == null ? Set.of() : filter, awaited.getOrDefault(dir, Set.of()));
        return events.stream().anyMatch(event -> event.kind() == StandardWatchEventKinds.OVERFLOW || names.contains(event.context()));
    }

    private static Set<Path> union(Set<Path> one, Set<Path> two) {
        Set<Path> both = new HashSet<>(one);
        both.addAll(two);
        return both;
    }

    private void pumpEvents() {
        try {
            while (true) {
                WatchKey key = service.take();
                List<WatchEvent<?>> events = key.pollEvents();
                boolean matters = matters((Path) key.watchable(), events);
                // A directory that went away is awaited again in its parent (register drops invalid keys).
                key.reset();
                if (matters) {
                    register();
                    onChange.run();
                }
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
