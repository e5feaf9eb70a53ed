package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Cli;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** A FIFO at the marker path is reported, never opened for a blocking read (the open would wait for a writer forever). */
@DisabledOnOs(OS.WINDOWS)
class MarkerShowFifoTest {
    @TempDir
    Path home;

    @Test
    void markerShowReportsAFifoWithoutOpeningIt() throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", home.resolve(".gateway-planned-stop.json").toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        Cli.Result result = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> Cli.run("marker", "show", "--home", home.toString()));
        assertEquals(1, result.exit(), result.toString());
        assertTrue(result.out().contains("is not a regular file"), result.toString());
    }
}
