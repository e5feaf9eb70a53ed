package dev.hostwarden.panel.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.actions.ActionKind;
import dev.hostwarden.actions.ControlOutcome;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.OwnershipEvent.Kind;
import dev.hostwarden.runtime.ControlResult;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The policy's own state, the history and the banner, with the tray's message as the notifier (no bus needed). */
class NotificationPolicyTest {
    private final SteppingClock clock = new SteppingClock();
    private final RecordingTray tray = new RecordingTray();
    private final NotificationPolicy policy =
            new NotificationPolicy(new TrayMessageNotifier(() -> tray, "test"), new RecordingActions(), clock, Runnable::run);

    private static OwnershipEvent event(Role role, Kind kind, String message) {
        return new OwnershipEvent(role, kind, message);
    }

    @Test
    void theHistoryKeepsTheLastFiftyNewestFirstAndCannotBeEditedFromOutside() {
        for (int i = 1; i <= 60; i++) {
            clock.advance(Duration.ofMinutes(1));
            policy.accept(event(Role.SERVE, Kind.TURNED_STALE, "event " + i));
        }
        assertEquals(NotificationPolicy.HISTORY_SIZE, policy.historyProperty().size());
        assertEquals("event 60", policy.historyProperty().get(0).event().message());
        assertEquals("event 11", policy.historyProperty().get(49).event().message());
        assertThrows(UnsupportedOperationException.class, () -> policy.historyProperty().clear());
    }

    @Test
    void aNewOwnerGoesToTheHistoryOnlyAndRaisesNoBanner() {
        policy.accept(event(Role.GATEWAY, Kind.APPEARED, "gateway: owner PID 9 is live"));
        assertEquals(NotificationEntry.Delivery.HISTORY_ONLY, policy.historyProperty().get(0).delivery());
        assertNull(policy.bannerProperty().get());
    }

    @Test
    void anExitedOwnerStaysUnresolvedUntilARoleIsLiveAgainAndTheBannerCanBeDismissed() throws Exception {
        // The verdict changes before the model reports the event (cards apply first).
        policy.verdictChanged(Role.GATEWAY, Verdict.LIVE, Verdict.NO_OWNER);
        policy.accept(event(Role.GATEWAY, Kind.DIED, "gateway: owner PID 9 is gone (NO_OWNER)"));
        assertEquals("Hostwarden: gateway owner is gone | gateway: owner PID 9 is gone (NO_OWNER)", tray.nextMessage(Duration.ofSeconds(5)));
        assertFalse(policy.bannerProperty().get().resolved());

        policy.verdictChanged(Role.SERVE, Verdict.STALE, Verdict.LIVE);
        assertFalse(policy.bannerProperty().get().resolved(), "another role's recovery resolves nothing here");
        policy.verdictChanged(Role.GATEWAY, Verdict.NO_OWNER, Verdict.STARTING);
        assertFalse(policy.bannerProperty().get().resolved());
        policy.verdictChanged(Role.GATEWAY, Verdict.STARTING, Verdict.LIVE);
        assertTrue(policy.bannerProperty().get().resolved());

        policy.dismissBanner();
        assertNull(policy.bannerProperty().get());
    }

    @Test
    void noSessionBusMeansTheTraysMessage() {
        Notifier chosen = Notifiers.forThisDesktop(Map.of(), () -> tray);
        assertTrue(chosen instanceof TrayMessageNotifier, chosen.describe());
        assertTrue(chosen.describe().contains("DBUS_SESSION_BUS_ADDRESS"), chosen.describe());
    }

    @Test
    void anOwnerThePanelStoppedIsExpectedUntilANewOwnerButACancelledStopExpectsNothing() {
        policy.panelControlStarted(Role.SERVE, 42L);
        policy.panelControlEnded(Role.SERVE, new ControlOutcome(ActionKind.STOP,
                new ControlResult(ControlResult.Outcome.STOPPED, "stopped the serve owner PID 42", 42L, null), "stopped the serve owner PID 42"));
        policy.accept(event(Role.SERVE, Kind.DIED, "serve: owner PID 42 is gone (NO_OWNER)"));
        policy.accept(event(Role.SERVE, Kind.TURNED_STALE, "serve: the record of PID 42 is stale"));
        assertEquals(List.of(NotificationEntry.Delivery.BY_PANEL, NotificationEntry.Delivery.BY_PANEL),
                policy.historyProperty().stream().map(NotificationEntry::delivery).toList());
        assertNull(policy.bannerProperty().get());

        policy.accept(event(Role.SERVE, Kind.APPEARED, "serve: owner PID 43 is live"));
        policy.accept(event(Role.SERVE, Kind.DIED, "serve: owner PID 43 is gone (NO_OWNER)"));
        assertEquals(NotificationEntry.Delivery.SHOWN, policy.historyProperty().get(0).delivery(), "a new owner's death is news");

        clock.advance(Duration.ofMinutes(5));
        policy.panelControlStarted(Role.GATEWAY, 50L);
        policy.panelControlEnded(Role.GATEWAY, new ControlOutcome(ActionKind.STOP,
                new ControlResult(ControlResult.Outcome.CANCELLED, "cancelled", 50L, null), "nothing had been sent to PID 50 yet; it keeps running."));
        policy.accept(event(Role.GATEWAY, Kind.DIED, "gateway: owner PID 50 is gone (NO_OWNER)"));
        assertEquals(NotificationEntry.Delivery.SHOWN, policy.historyProperty().get(0).delivery(), "after a cancelled stop, a death is news");
    }
}
