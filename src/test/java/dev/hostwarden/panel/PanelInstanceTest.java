package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** One panel per user: real child JVMs claiming the panel instance as the launcher does. */
@DisabledOnOs(OS.WINDOWS)
class PanelInstanceTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path state;

    private ChildProcess firstPanel() throws Exception {
        ChildProcess first = ChildProcess.java(PanelInstanceChild.class, Map.of(), state.toString());
        assertEquals("FIRST", first.readLine(DEADLINE).strip(), first.stderr());
        // The socket is bound on the instance's own thread, just after the claim: wait for it, as a later
        // launch does (it asks again until the socket is there).
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!Files.exists(state.resolve("panel.sock")) && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return first;
    }

    private static PanelInstance.Claim claimHere(PanelInstance instance, AtomicInteger shows) {
        return instance.claim(shows::incrementAndGet);
    }

    @Test
    void aSecondLaunchAsksTheFirstToShowItsWindowAndDoesNotStart() throws Exception {
        try (ChildProcess first = firstPanel(); PanelInstance second = new PanelInstance(state, DEADLINE)) {
            assertEquals(PanelInstance.Claim.ALREADY_RUNNING, claimHere(second, new AtomicInteger()));
            assertEquals("show-requested", first.readLine(DEADLINE).strip(), "the first panel was asked to show its window");
            assertTrue(second.detail().contains("PID " + first.pid()), second.detail());
        }
    }

    @Test
    void aClosedPanelHandsOverToTheNextLaunch() throws Exception {
        try (ChildProcess first = firstPanel()) {
            first.process().getOutputStream().close();
            assertEquals(0, first.waitFor(DEADLINE), first.stderr());
        }
        assertTrue(Files.notExists(state.resolve("panel.sock")), "a closed panel removes its socket");
        AtomicInteger shows = new AtomicInteger();
        try (PanelInstance next = new PanelInstance(state, DEADLINE)) {
            assertEquals(PanelInstance.Claim.FIRST, claimHere(next, shows));
        }
    }

    @Test
    void aKilledPanelLeavesNothingThatBlocksTheNextOne() throws Exception {
        try (ChildProcess first = firstPanel()) {
            first.kill();
        }
        assertTrue(Files.exists(state.resolve("panel.sock")), "SIGKILL leaves the socket file behind");
        AtomicInteger shows = new AtomicInteger();
        try (PanelInstance next = new PanelInstance(state, DEADLINE)) {
            assertEquals(PanelInstance.Claim.FIRST, claimHere(next, shows), "the OS released the dead panel's lock");
            try (ChildProcess later = ChildProcess.java(PanelInstanceChild.class, Map.of(), state.toString())) {
                assertEquals("ALREADY_RUNNING", later.readLine(DEADLINE).strip(), "the new panel answers on the replaced socket");
            }
            assertEquals(1, shows.get());
            assertEquals(PanelInstance.Claim.ALREADY_RUNNING, new PanelInstance(state, DEADLINE).claim(shows::incrementAndGet),
                    "a second claim in the same process never starts a second panel");
        }
    }

    @Test
    void aFrozenPanelIsReportedAsNotAnsweringInsteadOfStartingASecondOne() throws Exception {
        try (ChildProcess first = firstPanel()) {
            assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(first.pid())).start().waitFor());
            try {
                PanelInstance second = new PanelInstance(state, Duration.ofMillis(500));
                assertEquals(PanelInstance.Claim.NOT_ANSWERING, claimHere(second, new AtomicInteger()));
                assertTrue(second.detail().contains("did not answer"), second.detail());
            } finally {
                new ProcessBuilder("kill", "-CONT", Long.toString(first.pid())).start().waitFor();
            }
        }
    }

    @Test
    void aStateDirectoryTooLongForAUnixSocketStillFindsTheFirstPanel() throws Exception {
        Path deep = Files.createDirectories(state.resolve("a-state-directory-whose-path-is-too-long-for-the-108-bytes-of-a-unix-socket-address"));
        assertTrue(PanelInstance.socketPath(deep).startsWith(Path.of(System.getProperty("java.io.tmpdir"))), "the socket moves to the temp dir");
        try (ChildProcess first = ChildProcess.java(PanelInstanceChild.class, Map.of(), deep.toString());
             PanelInstance second = new PanelInstance(deep, DEADLINE)) {
            assertEquals("FIRST", first.readLine(DEADLINE).strip(), first.stderr());
            assertEquals(PanelInstance.Claim.ALREADY_RUNNING, claimHere(second, new AtomicInteger()));
            assertEquals("show-requested", first.readLine(DEADLINE).strip());
        }
    }

    @Test
    void anUnusableStateDirectoryRunsUnguarded() throws Exception {
        Path file = Files.writeString(state.resolve("not-a-directory"), "");
        PanelInstance instance = new PanelInstance(file.resolve("hostwarden"), DEADLINE);
        assertEquals(PanelInstance.Claim.UNGUARDED, claimHere(instance, new AtomicInteger()));
        assertTrue(instance.detail().contains(file.toString()), instance.detail());
    }
}
