package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The remembered window placement: clamped to the screen, saved and read back, never trusted blindly. */
class WindowPlacementTest {
    private static final WindowPlacement.Area LAPTOP = new WindowPlacement.Area(0, 0, 1280, 800);

    @TempDir
    Path temp;

    @Test
    void theDefaultIsCentredAndFitsASmallScreen() {
        assertEquals(new WindowPlacement(90, 20, 1100, 760, false), WindowPlacement.standard(LAPTOP));
        assertEquals(new WindowPlacement(0, 0, 1024, 600, false), WindowPlacement.standard(new WindowPlacement.Area(0, 0, 1024, 600)));
    }

    @Test
    void aSavedPlacementOffScreenOrTooLargeIsPulledOnto() {
        assertEquals(new WindowPlacement(0, 0, 1280, 800, false), new WindowPlacement(-400, -300, 5000, 4000, false).clampedTo(LAPTOP));
        assertEquals(new WindowPlacement(380, 200, 900, 600, true), new WindowPlacement(3000, 2000, 900, 600, true).clampedTo(LAPTOP));
        assertEquals(480, new WindowPlacement(10, 10, 20, 20, false).clampedTo(LAPTOP).width(), "not shrunk to nothing");
        WindowPlacement.Area second = new WindowPlacement.Area(1280, 0, 1920, 1080);
        assertEquals(new WindowPlacement(1400, 100, 1000, 700, false), new WindowPlacement(1400, 100, 1000, 700, false).clampedTo(second));
    }

    @Test
    void whatIsSavedIsReadBack() {
        WindowPlacement placed = new WindowPlacement(12, 34, 900, 600, true);
        assertTrue(placed.save(temp.resolve("state")));
        assertEquals(Optional.of(placed), WindowPlacement.load(temp.resolve("state")));
    }

    @Test
    void aDamagedOrStrangeFileIsIgnored() throws Exception {
        Path state = Files.createDirectories(temp.resolve("state"));
        Path file = state.resolve(WindowPlacement.FILE_NAME);
        for (String text : new String[] {"", "garbage", "[]", "{\"width\": \"wide\"}", "{\"width\": -5, \"height\": 600}", "{\"width\": 1e999, \"height\": 1}"}) {
            Files.writeString(file, text);
            assertEquals(Optional.empty(), WindowPlacement.load(state), text);
        }
        Files.delete(file);
        Files.createDirectory(file);
        assertEquals(Optional.empty(), WindowPlacement.load(state), "a directory");
        Files.delete(file);
        assertEquals(0, new ProcessBuilder("mkfifo", file.toString()).start().waitFor());
        assertEquals(Optional.empty(), WindowPlacement.load(state), "a FIFO is not opened (it would block)");
    }
}
