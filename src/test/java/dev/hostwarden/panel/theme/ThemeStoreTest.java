package dev.hostwarden.panel.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The remembered theme: one private word; anything else in its place is ignored, never a hang or a crash. */
class ThemeStoreTest {
    @TempDir
    Path state;

    @Test
    void aChoiceIsRememberedPrivately() throws Exception {
        ThemeStore store = new ThemeStore(state.resolve("hostwarden"));
        assertEquals(Optional.empty(), store.load());
        assertFalse(Files.exists(state.resolve("hostwarden")), "loading writes nothing");
        assertTrue(store.save(ThemeChoice.DARK));
        assertEquals(Optional.of(ThemeChoice.DARK), store.load());
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(state.resolve("hostwarden/theme"))));
    }

    @Test
    void garbageADirectoryOrAFifoMeanFollowTheSystem() throws Exception {
        Path dir = state.resolve("hostwarden");
        Files.createDirectories(dir);
        ThemeStore store = new ThemeStore(dir);
        Files.write(dir.resolve("theme"), new byte[] {(byte) 0xff, 0, 'd', 'a', 'r', 'k'});
        assertEquals(Optional.empty(), store.load());
        Files.delete(dir.resolve("theme"));
        Files.createDirectory(dir.resolve("theme"));
        assertEquals(Optional.empty(), store.load());
        assertFalse(store.save(ThemeChoice.LIGHT), "a directory in its place is not replaced");
        Files.delete(dir.resolve("theme"));
        Process mkfifo = new ProcessBuilder("mkfifo", dir.resolve("theme").toString()).start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0);
        assertEquals(Optional.empty(), store.load(), "a FIFO is never opened");
    }
}
