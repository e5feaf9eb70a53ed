package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.OwnerControl;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.PanelThreads;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stop from the panel against real owners in child JVMs and the real runtime: one progress line,
 * Cancel that takes the planned-stop marker back, "Force stop now", and Start serving what the role
 * served before a separate Stop. The owner here ignores the marker and is not sent SIGTERM (the
 * runtime's marker-only stop), so it has "not acted" for as long as the test needs.
 */
class StopProgressTest {
    @TempDir
    Path temp;

    private final PanelThreads threads = new PanelThreads();

    @AfterEach
    void shutDown() throws InterruptedException {
        threads.close();
    }

    private <T> T onUi(Callable<T> read) {
        return threads.onUi(read);
    }

    private RoleCardModel gateway(OwnerControl control) {
        PanelModel panel = new PanelModel(Fixtures.context(temp.resolve("locks"), temp.resolve("hermes"), control, threads.background(), threads.ui()));
        threads.run(() -> panel.refresh());
        RoleCardModel gateway = panel.card(Role.GATEWAY);
        Waits.until("the gateway to show LIVE", Fixtures.DEADLINE, () -> onUi(() -> gateway.verdictProperty().get() == Verdict.LIVE));
        return gateway;
    }

    /** A live owner that neither watches markers nor is sent SIGTERM: it waits until told otherwise. */
    private ChildProcess hungOwner(Path home) throws Exception {
        ChildProcess child = ChildProcess.java(LockHolderChild.class, Map.of(), temp.resolve("locks").toString(), "gateway", home.toString());
        child.awaitLine(line -> line.startsWith("READY"), Fixtures.DEADLINE);
        return child;
    }

    private void stopAndAwaitTheMarker(RoleCardModel gateway, Path marker) {
        threads.run(() -> gateway.stop());
        Waits.until("the marker and a forcible wait", Fixtures.DEADLINE,
                () -> Files.exists(marker) && onUi(() -> gateway.forcibleProperty().get() && gateway.progressProperty().get().contains(" s of 30 s")));
    }

    @Test
    void cancelTakesThePlannedStopMarkerBackWhileTheOwnerHasNotActed() throws Exception {
        Path home = Files.createDirectories(temp.resolve("hermes"));
        Path marker = PlannedStopMarker.pathFor(home);
        try (ChildProcess owner = hungOwner(home)) {
            RoleCardModel gateway = gateway(new RendezvousOwnerControl(Fixtures.rendezvous(temp.resolve("locks"))).withoutSigterm());
            stopAndAwaitTheMarker(gateway, marker);
            String line = onUi(() -> gateway.progressProperty().get());
            assertTrue(line.startsWith("Stopping gateway · ") && !line.contains("\n"), "one line: " + line);

            threads.run(() -> gateway.cancel());
            Waits.until("the stop to end", Fixtures.DEADLINE, () -> onUi(() -> !gateway.busyProperty().get()));
            assertFalse(Files.exists(marker), "the marker is withdrawn, so the owner will not stop later");
            assertTrue(owner.process().isAlive());
            assertEquals("CANCELLED: the planned-stop marker was withdrawn; PID " + owner.pid() + " keeps running.",
                    onUi(() -> gateway.actionMessageProperty().get()));
            assertEquals("", onUi(() -> gateway.progressProperty().get()), "the progress line goes with the action");
        }
    }

    @Test
    void forceStopNowEndsAnOwnerThatDoesNotExit() throws Exception {
        Path home = Files.createDirectories(temp.resolve("hermes"));
        try (ChildProcess owner = hungOwner(home)) {
            RoleCardModel gateway = gateway(new RendezvousOwnerControl(Fixtures.rendezvous(temp.resolve("locks"))).withoutSigterm());
            stopAndAwaitTheMarker(gateway, PlannedStopMarker.pathFor(home));
            threads.run(() -> gateway.forceStop());
            assertTrue(owner.process().waitFor(30, TimeUnit.SECONDS), "forced to end long before the 30 s timeout");
            Waits.until("the stop to end", Fixtures.DEADLINE, () -> onUi(() -> !gateway.busyProperty().get()));
            String message = onUi(() -> gateway.actionMessageProperty().get());
            assertTrue(message.startsWith("STOPPED"), message);
        }
    }

    @Test
    void startAfterASeparateStopServesTheProfilesTheRoleServedBefore() throws Exception {
        Path home = Files.createDirectories(temp.resolve("hermes"));
        Path locks = temp.resolve("locks");
        Long started = null;
        try (ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", home.toString()),
                "run", "gateway", "--profiles", "default,work")) {
            owner.awaitLine(line -> line.startsWith("READY"), Duration.ofSeconds(60));
            OwnerControl control = new RendezvousOwnerControl(Fixtures.rendezvous(locks))
                    .withEnvironment(Environment.system().with("XDG_STATE_HOME", temp.resolve("state").toString())
                            .with("PATH", temp.resolve("empty-path").toString()))
                    .withSettings(LaunchSettings.none());
            RoleCardModel gateway = gateway(control);
            threads.run(() -> gateway.stop());
            assertEquals(0, owner.waitFor(Duration.ofSeconds(60)));
            Waits.until("NO_OWNER and Start enabled", Duration.ofSeconds(60),
                    () -> onUi(() -> gateway.verdictProperty().get() == Verdict.NO_OWNER && gateway.startEnabledProperty().get()));

            threads.run(() -> gateway.start());
            Waits.until("a new live owner", Duration.ofSeconds(90), () -> onUi(() -> !gateway.busyProperty().get()
                    && gateway.verdictProperty().get() == Verdict.LIVE));
            HostRecord now = Fixtures.rendezvous(locks).readRecord(Role.GATEWAY, false);
            started = now.pid();
            assertEquals(List.of("default", "work"), now.profiles(), "the profiles served before the Stop");
            assertEquals(home.toString(), now.home());
        } finally {
            if (started != null) {
                ProcessHandle.of(started).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }
}
