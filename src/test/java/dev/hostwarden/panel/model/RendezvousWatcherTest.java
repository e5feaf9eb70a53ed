package dev.hostwarden.panel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real directories, real inotify: what the watcher registers, and that watching creates nothing. */
class RendezvousWatcherTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    @Test
    void aFileEventInTheRendezvousDirectoryTriggersARefresh() throws Exception {
        Path dir = Files.createDirectories(temp.resolve("locks"));
        AtomicInteger refreshes = new AtomicInteger();
        try (RendezvousWatcher watcher = RendezvousWatcher.of(() -> dir, Duration.ofHours(1), refreshes::incrementAndGet)) {
            watcher.start();
            assertEquals(Set.of(dir.toAbsolutePath().normalize()), watcher.watched());
            Files.writeString(dir.resolve("host-serve.json"), "{}");
            Waits.until("a refresh after the file event", DEADLINE, () -> refreshes.get() > 0);
        }
    }

    @Test
    void aMissingDirectoryIsNotCreatedByWatching() {
        Path dir = temp.resolve("absent");
        try (RendezvousWatcher watcher = RendezvousWatcher.of(() -> dir, Duration.ofHours(1), () -> { })) {
            watcher.start();
            assertEquals(Set.of(), watcher.watched());
        }
        assertTrue(Files.notExists(dir));
    }

    @Test
    void aDirectoryMadeLaterIsWatchedFromItsParentsEventAndAnEventInsideItCounts() throws Exception {
        Path parent = Files.createDirectories(temp.resolve("profiles"));
        Path child = parent.resolve("work");
        AtomicInteger refreshes = new AtomicInteger();
        try (RendezvousWatcher watcher = new RendezvousWatcher(() -> List.of(RendezvousWatcher.Watch.all(parent), RendezvousWatcher.Watch.all(child)), Duration.ofHours(1),
                refreshes::incrementAndGet)) {
            watcher.start();
            Files.createDirectory(child);
            Waits.until("the new directory watched", DEADLINE, () -> watcher.watched().contains(child.toAbsolutePath().normalize()));
            int before = refreshes.get();
            Files.writeString(child.resolve(".gateway-planned-stop.json"), "{}");
            Waits.until("a refresh from the event inside it", DEADLINE, () -> refreshes.get() > before);

            Files.delete(child.resolve(".gateway-planned-stop.json"));
            Files.delete(child);
            Waits.until("the removed directory let go", DEADLINE, () -> !watcher.watched().contains(child.toAbsolutePath().normalize()));
        }
    }

    @Test
    void aMissingDirectoryIsAwaitedInItsParentWhereOtherNamesCostNothing() throws Exception {
        Path parent = Files.createDirectories(temp.resolve("state"));
        Path locks = parent.resolve("gateway-locks");
        AtomicInteger refreshes = new AtomicInteger();
        try (RendezvousWatcher watcher = RendezvousWatcher.of(() -> locks, Duration.ofHours(1), refreshes::incrementAndGet)) {
            watcher.start();
            Files.writeString(parent.resolve("unrelated.log"), "another program's file");
            Files.createDirectory(locks);
            Waits.until("a refresh when the awaited directory appears", DEADLINE, () -> refreshes.get() > 0);
            assertEquals(1, refreshes.get(), "the unrelated file, written first, asked for no refresh of its own");
            Waits.until("the new directory watched", DEADLINE, () -> watcher.watched().contains(locks.toAbsolutePath().normalize()));
            Files.writeString(locks.resolve("host-gateway.json"), "{}");
            Waits.until("a refresh from inside it", DEADLINE, () -> refreshes.get() > 1);
        }
    }

    /**
     * state.db is written first, then a file is created in a second, fully watched directory: keys are
     * handled in the order their events happened, so once that file's refresh has run, state.db's events
     * have been handled too, and they must not have asked for one. (A written gateway.lock may come as
     * two batches, create and modify, and so as two refreshes: the sentinel is only created.)
     */
    @Test
    void inAHomeOnlyTheFilesThePanelShowsCount() throws Exception {
        Path home = Files.createDirectories(temp.resolve("hermes"));
        Path sentinel = Files.createDirectories(temp.resolve("sentinel"));
        AtomicInteger refreshes = new AtomicInteger();
        try (RendezvousWatcher watcher = new RendezvousWatcher(() -> List.of(RendezvousWatcher.Watch.only(home, "gateway.lock"),
                RendezvousWatcher.Watch.all(sentinel)), Duration.ofHours(1), refreshes::incrementAndGet)) {
            watcher.start();
            Files.writeString(home.resolve("state.db"), "hermes writes this all the time");
            Files.createFile(sentinel.resolve("after-state-db"));
            Waits.until("a refresh for the sentinel", DEADLINE, () -> refreshes.get() > 0);
            assertEquals(1, refreshes.get(), "state.db, written first, asked for no refresh of its own");
            Files.writeString(home.resolve("gateway.lock"), "{\"pid\": 1}");
            Waits.until("a refresh for gateway.lock", DEADLINE, () -> refreshes.get() > 1);
        }
    }
}
