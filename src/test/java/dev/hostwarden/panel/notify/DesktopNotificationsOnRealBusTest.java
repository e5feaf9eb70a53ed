package dev.hostwarden.panel.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.OwnershipEvent.Kind;
import dev.hostwarden.testsupport.Waits;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.freedesktop.dbus.types.Variant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The notification path end to end over a real dbus-daemon: the policy decides, {@link DbusNotifier}
 * calls Notify over the wire, a notification server on the same bus receives it and answers with
 * the signals a user's click sends. Skipped loudly where dbus-daemon is not installed.
 */
class DesktopNotificationsOnRealBusTest {
    private static final Duration WIRE = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    private PrivateSessionBus bus;
    private FakeNotificationServer server;
    private final SteppingClock clock = new SteppingClock();
    private final RecordingActions actions = new RecordingActions();
    private final RecordingTray tray = new RecordingTray();
    private Notifier notifier;
    private NotificationPolicy policy;

    @BeforeEach
    void startBusAndServer() throws Exception {
        bus = PrivateSessionBus.start(tmp);
        server = FakeNotificationServer.on(bus.address());
        notifier = Notifiers.forBus(bus.address(), () -> tray);
        policy = new NotificationPolicy(notifier, actions, clock, Runnable::run);
    }

    @AfterEach
    void stop() throws Exception {
        if (policy != null) {
            policy.close();
        }
        if (server != null) {
            server.close();
        }
        if (bus != null) {
            bus.close();
        }
    }

    /** The server's id, once the notifier has its reply: a user cannot click before the bubble exists. */
    private long shownId() throws InterruptedException {
        long id = server.nextNotify(WIRE).id();
        Waits.until("the notifier knows notification " + id, WIRE, () -> ((DbusNotifier) notifier).isOpen(id));
        return id;
    }

    private static OwnershipEvent stale(Role role) {
        return new OwnershipEvent(role, Kind.TURNED_STALE, role + ": owner PID 4242 turned stale (PID 4242 is not running)");
    }

    @Test
    void aTransitionSendsExactlyOneNotifyWithTheActionsThatApply() throws Exception {
        assertInstanceOf(DbusNotifier.class, notifier, notifier.describe());
        actions.startable = false;

        policy.accept(stale(Role.GATEWAY));

        FakeNotificationServer.NotifyCall call = server.nextNotify(WIRE);
        assertEquals("Hostwarden", call.appName());
        // issue 21: notifications carried no app icon. Here (no installed icon theme entry) it is the cached copy of the menu icon.
        assertTrue(call.appIcon().equals(NotificationIcon.THEME_NAME) || Files.isRegularFile(Path.of(URI.create(call.appIcon()))),
                "an icon name or a file the server can read: '" + call.appIcon() + "'");
        // Its picture is the state's glyph, not the app icon's green tick.
        String picture = String.valueOf(call.hints().get("image-path").getValue());
        assertTrue(picture.endsWith("/tray-stale-64.png") && Files.isRegularFile(Path.of(URI.create(picture))), picture);
        assertEquals("Hostwarden: gateway is stale", call.summary());
        assertEquals("gateway: owner PID 4242 turned stale (PID 4242 is not running)", call.body());
        assertEquals(List.of("default", "Open", "open", "Open panel", "retract", "Retract dead record…"), call.actions());
        assertEquals(new Variant<>((byte) 1), call.hints().get("urgency"));
        assertEquals(NotificationEntry.Delivery.SHOWN, policy.historyProperty().get(0).delivery());

        // Nothing else went out: the next call the server sees is the next event's.
        policy.accept(new OwnershipEvent(Role.SERVE, Kind.DIED, "serve: owner PID 77 is gone (NO_OWNER)"));
        FakeNotificationServer.NotifyCall next = server.nextNotify(WIRE);
        assertEquals("Hostwarden: serve owner is gone", next.summary());
    }

    @Test
    void aRepeatWithinTheRateLimitSendsNothingAndOneAfterItDoes() throws Exception {
        policy.accept(stale(Role.GATEWAY));
        long first = server.nextNotify(WIRE).id();

        clock.advance(NotificationPolicy.PER_ROLE_INTERVAL.minusSeconds(1));
        policy.accept(stale(Role.GATEWAY));
        assertEquals(NotificationEntry.Delivery.RATE_LIMITED, policy.historyProperty().get(0).delivery());
        policy.accept(stale(Role.SERVE));
        assertEquals("Hostwarden: serve is stale", server.nextNotify(WIRE).summary(), "the repeat reached the bus");

        clock.advance(Duration.ofSeconds(1));
        policy.accept(stale(Role.GATEWAY));
        FakeNotificationServer.NotifyCall again = server.nextNotify(WIRE);
        assertEquals("Hostwarden: gateway is stale", again.summary());
        assertEquals(first, again.replacesId(), "a role's new notification replaces its old one");
    }

    @Test
    void theGlobalCapHoldsBackAFourthRoleWithinAMinute() throws Exception {
        for (Role role : Role.values()) {
            policy.accept(stale(role));
            server.nextNotify(WIRE);
        }
        clock.advance(NotificationPolicy.PER_ROLE_INTERVAL);
        policy.accept(stale(Role.GATEWAY));
        assertEquals(NotificationEntry.Delivery.RATE_LIMITED, policy.historyProperty().get(0).delivery());

        clock.advance(NotificationPolicy.GLOBAL_WINDOW);
        policy.accept(stale(Role.SERVE));
        assertEquals("Hostwarden: serve is stale", server.nextNotify(WIRE).summary());
    }

    @Test
    void clickingOpensThePanelAndTheButtonsRunTheirActions() throws Exception {
        policy.accept(stale(Role.GATEWAY));
        long gateway = shownId();
        clock.advance(Duration.ofSeconds(1));
        policy.accept(stale(Role.SERVE));
        long serve = shownId();

        server.invoke(gateway, "default");
        actions.opened.get(WIRE.toSeconds(), TimeUnit.SECONDS);
        server.invoke(gateway, "retract");
        assertEquals(Role.GATEWAY, actions.retracted.get(WIRE.toSeconds(), TimeUnit.SECONDS));
        server.invoke(serve, "start");
        assertEquals(Role.SERVE, actions.started.get(WIRE.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void aClosedNotificationNoLongerAnswersItsButtons() throws Exception {
        policy.accept(stale(Role.GATEWAY));
        long gateway = shownId();
        clock.advance(Duration.ofSeconds(1));
        policy.accept(stale(Role.SERVE));
        long serve = shownId();

        server.closedByUser(gateway);
        server.invoke(gateway, "retract");
        server.invoke(serve, "retract");
        // Signals arrive in order: when serve's retract has run, gateway's would have run before it.
        assertEquals(Role.SERVE, actions.retracted.get(WIRE.toSeconds(), TimeUnit.SECONDS));
    }

    @Test
    void pausedNotificationsReachNeitherTheBusNorTheTrayButTheHistory() throws Exception {
        policy.pausedProperty().set(true);
        policy.accept(stale(Role.GATEWAY));
        assertEquals(NotificationEntry.Delivery.PAUSED, policy.historyProperty().get(0).delivery());
        assertEquals(Role.GATEWAY, policy.bannerProperty().get().event().role());

        policy.pausedProperty().set(false);
        policy.accept(stale(Role.SERVE));
        assertEquals("Hostwarden: serve is stale", server.nextNotify(WIRE).summary(), "the paused one reached the bus");
    }

    @Test
    void aResolvedProblemWithdrawsItsNotificationAndMarksTheBanner() throws Exception {
        policy.accept(stale(Role.GATEWAY));
        long id = shownId();
        assertEquals(false, policy.bannerProperty().get().resolved());

        policy.verdictChanged(Role.GATEWAY, Verdict.STALE, Verdict.NO_OWNER);

        assertEquals(id, server.nextClose(WIRE));
        assertTrue(policy.bannerProperty().get().resolved());
    }

    @Test
    void withoutANotificationServerTheTraysMessageIsUsed() throws Exception {
        server.close();
        server = null;
        Notifier fallback = Notifiers.forBus(bus.address(), () -> tray);
        try {
            assertInstanceOf(TrayMessageNotifier.class, fallback);
            assertTrue(fallback.describe().contains("no notification server"), fallback.describe());
            NotificationPolicy trayOnly = new NotificationPolicy(fallback, actions, clock, Runnable::run);
            trayOnly.accept(stale(Role.GATEWAY));
            assertEquals("Hostwarden: gateway is stale | gateway: owner PID 4242 turned stale (PID 4242 is not running)",
                    tray.nextMessage(WIRE));
        } finally {
            fallback.close();
        }
    }

    @Test
    void aServerThatLeavesAfterwardsFallsBackToTheTrayPerNotification() throws Exception {
        server.close();
        server = null;
        policy.accept(stale(Role.GATEWAY));
        assertEquals("Hostwarden: gateway is stale | gateway: owner PID 4242 turned stale (PID 4242 is not running)",
                tray.nextMessage(WIRE));
    }
}
