package dev.hostwarden.panel.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.LockHolderChild;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.PanelThreads;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stop pressed in the panel ends a real owner: that is the user's own doing, so it lands in the
 * history as BY_PANEL with no banner and no Notify on the real bus; an owner killed from outside a
 * moment later is still announced, and it is the first Notify the server receives.
 */
class PanelStopIsNoFailureTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private final PanelThreads threads = new PanelThreads(WAIT);
    private final ExecutorService background = threads.background();
    private final ExecutorService ui = threads.ui();

    @AfterEach
    void shutDown() throws InterruptedException {
        threads.close();
    }

    private <T> T onUi(Callable<T> read) {
        return threads.onUi(read);
    }

    private static ChildProcess owner(Path locks, String role) throws Exception {
        ChildProcess child = ChildProcess.java(LockHolderChild.class, Map.of(), locks.toString(), role);
        child.awaitLine(line -> line.startsWith("READY"), WAIT);
        return child;
    }

    @Test
    void aStopFromThePanelIsHistoryOnlyWhileAKillFromOutsideIsAnnounced() throws Exception {
        Path locks = tmp.resolve("locks");
        try (PrivateSessionBus bus = PrivateSessionBus.start(tmp);
             FakeNotificationServer server = FakeNotificationServer.on(bus.address());
             ChildProcess gatewayOwner = owner(locks, "gateway");
             ChildProcess serveOwner = owner(locks, "serve")) {
            HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
            PanelModel model = new PanelModel(PanelContext.of(rendezvous, tmp.resolve("hermes"), new RendezvousOwnerControl(rendezvous),
                    pid -> Optional.empty(), background, ui));
            NotificationPolicy policy = onUi(() -> {
                NotificationPolicy created = new NotificationPolicy(Notifiers.forBus(bus.address(), RecordingTray::new),
                        RoleActions.of(model, () -> { }), new SteppingClock(), ui);
                created.watch(model);
                model.setEventListener(created::accept);
                model.refresh();
                return created;
            });
            try {
                RoleCardModel gateway = model.card(Role.GATEWAY);
                Waits.until("both owners LIVE", WAIT, () -> onUi(() -> gateway.verdictProperty().get() == Verdict.LIVE
                        && model.card(Role.SERVE).verdictProperty().get() == Verdict.LIVE && gateway.stopEnabledProperty().get()));

                onUi(() -> {
                    gateway.stop();
                    return null;
                });
                gatewayOwner.waitFor(WAIT);
                Waits.until("the panel's stop in the history", WAIT, () -> onUi(() -> !policy.historyProperty().isEmpty()
                        && policy.historyProperty().get(0).event().role() == Role.GATEWAY));
                assertEquals(NotificationEntry.Delivery.BY_PANEL, onUi(() -> policy.historyProperty().get(0).delivery()),
                        () -> onUi(() -> List.copyOf(policy.historyProperty())).toString() + " / " + onUi(() -> gateway.actionMessageProperty().get()));
                assertNull(onUi(() -> policy.bannerProperty().get()), "a stop the user asked for raises no banner");

                serveOwner.kill();
                FakeNotificationServer.NotifyCall first = server.nextNotify(WAIT);
                assertTrue(first.summary().startsWith("Hostwarden: serve"), "the first Notify is the killed serve owner's, not the stopped gateway's: "
                        + first.summary());
                assertNotNull(onUi(() -> policy.bannerProperty().get()));
                // The kill may be seen in one step (stale) or two (gone, then stale): either way serve was announced
                // and nothing about the gateway was.
                List<NotificationEntry> problems = onUi(() -> policy.historyProperty().stream()
                        .filter(entry -> entry.event().kind() != OwnershipEvent.Kind.APPEARED).toList());
                assertEquals(List.of(NotificationEntry.Delivery.BY_PANEL), problems.stream().filter(entry -> entry.event().role() == Role.GATEWAY)
                        .map(NotificationEntry::delivery).toList());
                assertTrue(problems.stream().anyMatch(entry -> entry.event().role() == Role.SERVE && entry.delivery() == NotificationEntry.Delivery.SHOWN),
                        problems.toString());
            } finally {
                onUi(() -> {
                    policy.close();
                    return null;
                });
            }
        }
    }
}
