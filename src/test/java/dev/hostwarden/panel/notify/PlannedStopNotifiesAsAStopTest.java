package dev.hostwarden.panel.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An owner that ends because someone asked it to is shown and notified as stopped, by whom, and
 * never as a death: a {@code hostwarden stop} from another process (known from the ownership
 * history), and a planned-stop marker written by anyone (seen while the owner still lived). Real
 * owners, a real stopper process, a real session bus.
 */
class PlannedStopNotifiesAsAStopTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private ChildProcess owner(Path locks, Path home, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "serve"));
        args.addAll(List.of(extra));
        ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", home.toString()),
                args.toArray(new String[0]));
        assertEquals("READY role=serve pid=" + owner.pid(), owner.readLine(WAIT), owner.stderr());
        return owner;
    }

    private static void signal(String name, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-" + name, String.valueOf(pid)).inheritIO().start().waitFor());
    }

    /** The panel's model and notification policy on {@code locks}, on a real bus. */
    private record Panel(PanelModel model, NotificationPolicy policy) {
    }

    private Panel panel(Path locks, Path home, String busAddress, boolean keepsHistory) {
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
        PanelModel model = new PanelModel(PanelContext.of(rendezvous, home, null, pid -> Optional.empty(), Runnable::run, Runnable::run));
        if (keepsHistory) {
            model.recordHistory(new OwnershipHistory(HistoryLog.forUser(Environment.system()), locks));
        }
        NotificationPolicy policy = new NotificationPolicy(Notifiers.forBus(busAddress, RecordingTray::new),
                RoleActions.of(model, () -> { }), new SteppingClock(), Runnable::run);
        policy.watch(model);
        model.setEventListener(policy::accept);
        return new Panel(model, policy);
    }

    @Test
    void aStopFromTheCommandLineIsNotifiedAsAStopByThatCommandNotAsADeath() throws Exception {
        Path locks = tmp.resolve("locks");
        Path home = Files.createDirectories(tmp.resolve("home"));
        try (PrivateSessionBus bus = PrivateSessionBus.start(tmp);
             FakeNotificationServer server = FakeNotificationServer.on(bus.address());
             ChildProcess owner = owner(locks, home)) {
            Panel panel = panel(locks, home, bus.address(), true);
            try {
                panel.model().refresh();
                assertEquals(Verdict.LIVE, panel.model().card(Role.SERVE).verdictProperty().get());

                Cli.Result stop = Cli.runChildJvm(Map.of(), "stop", "serve", "--lock-dir", locks.toString());
                assertEquals(0, stop.exit(), stop.toString());
                Waits.until("the stop to reach the model", WAIT, () -> {
                    panel.model().refresh();
                    return panel.model().card(Role.SERVE).verdictProperty().get() == Verdict.NO_OWNER;
                });

                FakeNotificationServer.NotifyCall call = server.nextNotify(WAIT);
                assertEquals("Hostwarden: serve was stopped", call.summary());
                assertTrue(call.body().startsWith("serve: owner PID " + owner.pid() + " was stopped by PID "), call.body());
                assertTrue(call.body().contains(", hostwarden stop serve --lock-dir " + locks), "names the command that stopped it: " + call.body());
                assertEquals((byte) 0, call.hints().get("urgency").getValue(), "a planned stop is said at low urgency");
                assertEquals(OwnershipEvent.Kind.STOPPED, panel.policy().historyProperty().get(0).event().kind());
                assertNull(panel.policy().bannerProperty().get(), "no problem banner for a stop someone asked for");
            } finally {
                panel.policy().close();
                panel.model().close();
            }
        }
    }

    @Test
    void aPlannedStopMarkerWrittenByAnyoneIsAStopEvenWithoutAHistory() throws Exception {
        Path locks = tmp.resolve("locks");
        Path home = Files.createDirectories(tmp.resolve("home"));
        try (PrivateSessionBus bus = PrivateSessionBus.start(tmp);
             FakeNotificationServer server = FakeNotificationServer.on(bus.address());
             ChildProcess owner = owner(locks, home)) {
            Panel panel = panel(locks, home, bus.address(), false);
            try {
                panel.model().refresh();
                // A hermes gateway takes a while to drain; this owner obeys at once, so it is paused while the
                // marker is written and the panel looks, as the panel's file watcher looks the moment it appears.
                signal("STOP", owner.pid());
                Cli.Result marker = Cli.runChildJvm(Map.of(), "marker", "write", "--target", String.valueOf(owner.pid()), "--home", home.toString());
                assertEquals(0, marker.exit(), marker.toString());
                panel.model().refresh();
                assertEquals(Verdict.LIVE, panel.model().card(Role.SERVE).verdictProperty().get(), "the owner has not obeyed it yet");
                signal("CONT", owner.pid());

                assertEquals(0, owner.waitFor(WAIT), "the owner obeyed the marker: a planned stop, exit 0");
                Waits.until("the stop to reach the model", WAIT, () -> {
                    panel.model().refresh();
                    return panel.model().card(Role.SERVE).verdictProperty().get() == Verdict.NO_OWNER;
                });

                FakeNotificationServer.NotifyCall call = server.nextNotify(WAIT);
                assertEquals("Hostwarden: serve was stopped", call.summary(), call.body());
                assertTrue(call.body().startsWith("serve: owner PID " + owner.pid() + " was stopped by PID "), call.body());
                assertNull(panel.policy().bannerProperty().get());
            } finally {
                panel.policy().close();
                panel.model().close();
            }
        }
    }
}
