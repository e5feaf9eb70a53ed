package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.CardAction;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RetractPreview;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.panel.model.TrayStatus;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The view-models on real rendezvous directories and real processes, without a toolkit or robot:
 * both executors run inline, so every command has finished when it returns.
 */
class RoleCardModelTest {
    @TempDir
    Path temp;

    private PanelModel model(Path lockDir) {
        return new PanelModel(Fixtures.context(lockDir, temp.resolve("hermes"), null, Runnable::run, Runnable::run));
    }

    @Test
    void deadPidRecordIsStaleWithPidDeadAndCanBeRetractedAfterAPreview() throws Exception {
        Path locks = temp.resolve("locks");
        long dead = Fixtures.writeDeadRecord(locks, Role.SERVE);
        PanelModel panel = model(locks);
        panel.refresh();

        RoleCardModel serve = panel.card(Role.SERVE);
        assertEquals(Verdict.STALE, serve.verdictProperty().get());
        assertTrue(serve.snapshotProperty().get().report().hasReason(ReasonCode.PID_DEAD));
        assertTrue(serve.retractEnabledProperty().get());
        assertEquals("", serve.retractDisabledReasonProperty().get());
        assertEquals(TrayStatus.RED, panel.trayStatusProperty().get());
        assertEquals("Hostwarden — 1 stale", panel.titleProperty().get());
        assertEquals(CardAction.RETRACT, serve.actionProperty().get());

        serve.previewRetract();
        RetractPreview preview = serve.retractPreviewProperty().get();
        assertEquals(List.of(locks.resolve("host-serve.json").toAbsolutePath()), preview.files());
        assertTrue(preview.proof().stream().anyMatch(line -> line.startsWith("PID_DEAD") && line.contains(Long.toString(dead))),
                preview.proof().toString());
        assertTrue(Files.exists(locks.resolve("host-serve.json")), "a preview removes nothing");

        serve.confirmRetract();
        assertFalse(Files.exists(locks.resolve("host-serve.json")));
        assertEquals("Removed host-serve.json from " + locks, serve.actionMessageProperty().get());
        assertEquals(Verdict.NO_OWNER, serve.verdictProperty().get(), "the retract refreshes");
        assertNull(serve.retractPreviewProperty().get());
        assertFalse(serve.retractEnabledProperty().get());
        assertEquals("Nothing to retract: no record or token is published", serve.retractDisabledReasonProperty().get());

        Fixtures.writeDeadRecord(locks, Role.SERVE);
        panel.refresh();
        assertEquals(Verdict.STALE, serve.verdictProperty().get());
        assertEquals("", serve.actionMessageProperty().get(), "an outcome is not left standing once the state moved on");
    }

    @Test
    void retractIsDisabledWithTheCoresReasonWhileAChildJvmHoldsTheLock() throws Exception {
        Path locks = temp.resolve("locks");
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            PanelModel panel = model(locks);
            panel.refresh();
            RoleCardModel gateway = panel.card(Role.GATEWAY);
            assertEquals(Verdict.LIVE, gateway.verdictProperty().get());
            assertFalse(gateway.retractEnabledProperty().get());
            assertTrue(gateway.retractDisabledReasonProperty().get().contains("held by PID " + owner.pid()),
                    gateway.retractDisabledReasonProperty().get());
            gateway.previewRetract();
            assertNull(gateway.retractPreviewProperty().get(), "no preview while the owner may be alive");
            assertEquals(owner.pid(), gateway.holderProperty().get().pid(), "the holder is described");
            assertEquals("", gateway.holderWarningProperty().get());
            assertEquals(TrayStatus.GREEN, panel.trayStatusProperty().get());
            assertEquals("Hostwarden — 1 live", panel.titleProperty().get());
            assertTrue(panel.summaryProperty().get().contains("gateway LIVE (PID " + owner.pid() + ")"), panel.summaryProperty().get());
        }
    }

    @Test
    void aLockHolderThatIsNotTheRecordedPidIsWarnedAbout() throws Exception {
        Path locks = temp.resolve("locks");
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            // The record now names this test JVM (a live, matching incarnation) while the child holds the lock.
            var rendezvous = Fixtures.rendezvous(locks);
            var mine = rendezvous.ownRecord(Role.GATEWAY, "127.0.0.1", null, List.of("default"), "token", "");
            PrivateFiles.writeAtomically(locks.resolve("host-gateway.json"),
                    RecordCodec.encode(mine));
            PanelModel panel = model(locks);
            panel.refresh();
            RoleCardModel gateway = panel.card(Role.GATEWAY);
            assertTrue(gateway.snapshotProperty().get().report().hasReason(ReasonCode.HOLDER_MISMATCH));
            assertEquals("The lock holder PID " + owner.pid() + " is not the recorded PID " + mine.pid(),
                    gateway.holderWarningProperty().get());
            assertEquals(owner.pid(), gateway.holderProperty().get().pid(), "the holder, not the recorded PID, is described");
        }
    }

    @Test
    void aRefreshNeverWritesAnything() throws Exception {
        Path locks = temp.resolve("locks");
        Path hermes = temp.resolve("hermes");
        Fixtures.writeDeadRecord(locks, Role.SERVE);
        Files.createDirectories(hermes.resolve("profiles").resolve("work"));
        Fixtures.write(hermes.resolve(".gateway-planned-stop.json"),
                "{\"target_pid\": 999999, \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \"2020-01-01T00:00:00+00:00\"}");
        String before = Fixtures.tree(locks, hermes);
        PanelModel panel = model(locks);
        panel.refresh();
        panel.refresh();
        assertEquals(2, panel.refreshCountProperty().get());
        assertEquals(before, Fixtures.tree(locks, hermes), "an expired marker and a dead record are shown, not cleaned");
        assertEquals(2, panel.homesProperty().size());
    }

    @Test
    void aMissingLockDirectoryIsNoOwnerAndIsNotCreated() {
        Path locks = temp.resolve("never-created");
        PanelModel panel = model(locks);
        panel.refresh();
        for (RoleCardModel card : panel.cards()) {
            assertEquals(Verdict.NO_OWNER, card.verdictProperty().get());
        }
        assertEquals(TrayStatus.GREY, panel.trayStatusProperty().get());
        assertEquals("Hostwarden — no owners", panel.titleProperty().get());
        assertFalse(Files.exists(locks));
    }

    @Test
    void ownershipEventsReportAnOwnerThatAppearsAndDies() throws Exception {
        Path locks = temp.resolve("locks");
        PanelModel panel = model(locks);
        List<String> events = new CopyOnWriteArrayList<>();
        panel.setEventListener(event -> events.add(event.kind() + " " + event.message()));
        panel.refresh();
        long pid;
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            pid = owner.pid();
            panel.refresh();
            owner.kill();
        }
        Waits.until("the owner's exit to trigger a refresh", Fixtures.DEADLINE,
                () -> events.size() >= 2);
        assertEquals("APPEARED gateway: owner PID " + pid + " is live", events.get(0));
        assertTrue(events.get(1).startsWith("TURNED_STALE gateway: owner PID " + pid + " turned stale"), events.get(1));
    }
}
