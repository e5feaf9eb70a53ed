package dev.hostwarden.panel.model;

import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The exit of a real process is reported, and only once it has happened. */
class ExitWatchTest {
    @Test
    void aRunningProcessIsReportedWhenItIsKilledAndNotBefore() throws Exception {
        Process sleeper = new ProcessBuilder("sleep", "300").start();
        try {
            CompletableFuture<Void> ended = ExitWatch.onExit(sleeper.pid());
            assertFalse(ended.isDone(), "still running");
            sleeper.destroyForcibly();
            ended.get(30, TimeUnit.SECONDS);
        } finally {
            sleeper.destroyForcibly();
        }
    }

    @Test
    void aProcessThatIsAlreadyGoneIsReportedAtOnce() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        ExitWatch.onExit(gone.pid()).get(30, TimeUnit.SECONDS);
    }
}
