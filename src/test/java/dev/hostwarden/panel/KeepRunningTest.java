package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.supervise.SupervisorSlot;
import dev.hostwarden.supervise.SupervisorState;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The panel's "Keep running" with real processes: it shows a headless supervisor that already keeps
 * the role instead of acting, takes over when that one ends, then replaces a killed owner itself.
 */
class KeepRunningTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private final ExecutorService background = Executors.newCachedThreadPool();
    private PanelModel model;
    private HostRendezvous rendezvous;

    @AfterEach
    void end() {
        if (model != null) {
            model.card(Role.SERVE).setKeepRunning(false);
            model.close();
        }
        if (rendezvous != null) {
            var record = rendezvous.read(Role.SERVE).recordOrNull();
            if (record != null) {
                ProcessHandle.of(record.pid()).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
        background.shutdownNow();
    }

    private Long livePid() {
        RoleReport report = new RoleInspector(rendezvous, false).inspect(Role.SERVE);
        return report.verdict() == Verdict.LIVE ? report.record().recordOrNull().pid() : null;
    }

    @Test
    void thePanelShowsAnotherSupervisorThenTakesOverAndReplacesAKilledOwner() throws Exception {
        Path locks = tmp.resolve("locks");
        Path home = Files.createDirectories(tmp.resolve("home"));
        rendezvous = Fixtures.rendezvous(locks);
        Map<String, String> env = Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", home.toString(),
                "XDG_CONFIG_HOME", tmp.resolve("config").toString());
        try (ChildProcess headless = ChildProcess.java(Main.class, env, "supervise", "serve")) {
            Waits.until("the headless supervisor starts an owner", DEADLINE, () -> livePid() != null);
            model = new PanelModel(PanelContext.of(rendezvous, home, new RendezvousOwnerControl(rendezvous),
                    Fixtures.jdkDescriber(), background, Runnable::run));
            RoleCardModel serve = model.card(Role.SERVE);
            serve.setKeepRunning(true);
            Waits.until("the card shows who keeps serve running", DEADLINE, () -> {
                model.refresh();
                return serve.supervisionProperty().get() != null && serve.supervisionProperty().get().pid() == headless.pid();
            });
            assertFalse(serve.supervisesHere(), "it does not act beside another supervisor");
            assertEquals("hostwarden supervise serve", serve.supervisionProperty().get().by());

            new ProcessBuilder("kill", "-TERM", String.valueOf(headless.pid())).start().waitFor();
            assertEquals(0, headless.waitFor(DEADLINE), headless.stderr());
        }
        RoleCardModel serve = model.card(Role.SERVE);
        Waits.until("the panel takes over", DEADLINE, () -> {
            model.refresh();
            return serve.supervisesHere() && serve.supervisionProperty().get() != null
                    && serve.supervisionProperty().get().pid() == ProcessHandle.current().pid()
                    && serve.supervisionProperty().get().state() == SupervisorState.WATCHING;
        });
        long owner = livePid();
        ProcessHandle.of(owner).orElseThrow().destroyForcibly();
        Waits.until("the panel starts a new owner", DEADLINE, () -> {
            Long now = livePid();
            return now != null && now != owner;
        });

        List<HistoryEvent> events = HistoryLog.forUser(Environment.system()).read().events().stream()
                .filter(event -> event.concerns(locks) && event.lockDir() != null).toList();
        HistoryEvent crashed = events.stream().filter(event -> event.type() == EventType.CRASHED).findFirst().orElseThrow();
        assertEquals(owner, crashed.pid());
        assertEquals(PanelContext.ACTOR, crashed.byCommand(), "the panel keeps it running: " + crashed);

        serve.setKeepRunning(false);
        Waits.until("the panel gives the role up", DEADLINE,
                () -> SupervisorSlot.of(Environment.system().stateHome(), Role.SERVE, locks).holder().isEmpty());
        assertTrue(livePid() != null, "the owner it started keeps running");
    }
}
