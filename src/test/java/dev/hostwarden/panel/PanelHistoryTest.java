package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The panel's refresh as a history observer, on a real owner in a child JVM: once the app turns it
 * on, refreshes append only changes (a model left as built, as every other test's, records nothing).
 */
class PanelHistoryTest {
    @TempDir
    Path temp;

    private PanelModel model(Path locks) {
        return new PanelModel(Fixtures.context(locks, temp.resolve("hermes"), null, Runnable::run, Runnable::run));
    }

    /** A model whose actions and refreshes both record in {@code log}, as the app's do in the user's history. */
    private PanelModel recording(Path locks, HistoryLog log) {
        PanelContext context = Fixtures.context(locks, temp.resolve("hermes"), null, Runnable::run, Runnable::run);
        OwnershipHistory history = new OwnershipHistory(log, locks);
        PanelModel panel = new PanelModel(context.withActions(new Actions(context.rendezvous(), null, history, Actor.thisProcess(PanelContext.ACTOR))));
        panel.recordHistory(history);
        return panel;
    }

    @Test
    void refreshesRecordOneLiveAndOneStaleLineForAnOwnerSeenThriceThenKilledAndANextOwnerIsNoRestart() throws Exception {
        Path locks = temp.resolve("locks");
        HistoryLog log = HistoryLog.at(temp.resolve("state/history.jsonl"));
        PanelModel panel = recording(locks, log);
        long pid;
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            pid = owner.pid();
            panel.refresh();
            panel.refresh();
            panel.refresh();
            owner.kill();
        }
        // The kernel releases a killed owner's lock on its own time: refresh until the panel sees it gone.
        Waits.until("the gateway turns STALE", Fixtures.DEADLINE, () -> {
            panel.refresh();
            return panel.card(Role.GATEWAY).verdictProperty().get() == Verdict.STALE;
        });
        panel.refresh();

        List<HistoryEvent> events = log.read().events();
        assertEquals(List.of(EventType.LIVE, EventType.STALE), events.stream().map(HistoryEvent::type).toList(), events.toString());
        assertEquals(List.of(Role.GATEWAY, Role.GATEWAY), events.stream().map(HistoryEvent::role).toList());
        assertEquals(pid, events.get(0).pid());
        assertEquals(pid, events.get(1).pid());
        String line = panel.card(Role.GATEWAY).historyProperty().get();
        assertTrue(line.startsWith("last exit: PID " + pid + " found dead (PID_DEAD), "), line);

        try (ChildProcess next = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            Waits.until("the new gateway is LIVE", Fixtures.DEADLINE, () -> {
                panel.refresh();
                return panel.card(Role.GATEWAY).verdictProperty().get() == Verdict.LIVE;
            });
            panel.refresh();
            line = panel.card(Role.GATEWAY).historyProperty().get();
            assertTrue(line.startsWith("last exit: PID " + pid + " found dead"), "a new owner after a death is no restart: " + line);
        }
        // The second owner's death starts a refresh of its own (the exit watch): let it land in the
        // history now, not while the temporary directory is being deleted.
        Waits.until("the second gateway turns STALE", Fixtures.DEADLINE, () -> {
            panel.refresh();
            return panel.card(Role.GATEWAY).verdictProperty().get() == Verdict.STALE;
        });
        PanelModel quiet = model(locks);
        quiet.refresh();
        assertEquals("", quiet.card(Role.GATEWAY).historyProperty().get(), "a model that keeps no history shows no history line");
        // The exit watch's refresh runs on a thread of its own and may still be appending to the
        // history (re-creating state/ under the temporary directory's deletion): closed, it ends.
        panel.close();
        Waits.until("the last refresh ends", Fixtures.DEADLINE, () -> !panel.isRefreshing());
    }

    @Test
    void aRetractFromTheCardIsRecordedAsTheCommandRecordsIt() throws Exception {
        Path locks = temp.resolve("locks");
        HistoryLog log = HistoryLog.at(temp.resolve("state/history.jsonl"));
        PanelModel panel = recording(locks, log);
        long pid;
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.SERVE)) {
            pid = owner.pid();
            owner.kill();
        }
        Waits.until("the serve record turns STALE", Fixtures.DEADLINE, () -> {
            panel.refresh();
            return panel.card(Role.SERVE).retractEnabledProperty().get();
        });
        panel.card(Role.SERVE).previewRetract();
        panel.card(Role.SERVE).confirmRetract();
        Waits.until("the retract recorded", Fixtures.DEADLINE,
                () -> log.read().events().stream().anyMatch(event -> event.type() == EventType.RETRACTED));
        HistoryEvent retracted = log.read().events().stream().filter(event -> event.type() == EventType.RETRACTED).findFirst().orElseThrow();
        assertEquals(Role.SERVE, retracted.role());
        assertEquals(pid, retracted.pid());
        assertEquals(ProcessHandle.current().pid(), retracted.byPid());
        assertEquals(PanelContext.ACTOR, retracted.byCommand());
        panel.close();
        Waits.until("the last refresh ends", Fixtures.DEADLINE, () -> !panel.isRefreshing());
    }
}
