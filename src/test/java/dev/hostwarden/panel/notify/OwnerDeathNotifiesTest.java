package dev.hostwarden.panel.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.LockHolderChild;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * From a real owner's death to the desktop and back: a child JVM owns serve, the panel's model sees
 * it live, the child is killed, exactly one Notify reaches the notification server on a real bus,
 * its Retract button opens the card's retract preview, and confirming it withdraws the notification.
 */
class OwnerDeathNotifiesTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    @Test
    void aKilledOwnerNotifiesOnceAndItsRetractButtonLeadsToTheResolvedBanner() throws Exception {
        Path locks = tmp.resolve("locks");
        try (PrivateSessionBus bus = PrivateSessionBus.start(tmp);
             FakeNotificationServer server = FakeNotificationServer.on(bus.address())) {
            HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
            PanelModel model = new PanelModel(PanelContext.of(rendezvous, tmp.resolve("hermes"), null,
                    pid -> Optional.empty(), Runnable::run, Runnable::run));
            CompletableFuture<Void> windowOpened = new CompletableFuture<>();
            Notifier notifier = Notifiers.forBus(bus.address(), RecordingTray::new);
            NotificationPolicy policy = new NotificationPolicy(notifier,
                    RoleActions.of(model, () -> windowOpened.complete(null)), new SteppingClock(), Runnable::run);
            policy.watch(model);
            model.setEventListener(policy::accept);
            try {
                model.refresh();
                long pid;
                try (ChildProcess owner = ChildProcess.java(LockHolderChild.class, Map.of(), locks.toString(), "serve")) {
                    owner.awaitLine(line -> line.startsWith("READY"), WAIT);
                    pid = owner.pid();
                    model.refresh();
                    assertEquals(Verdict.LIVE, model.card(Role.SERVE).verdictProperty().get());
                    owner.kill();
                }
                RoleCardModel serve = model.card(Role.SERVE);
                Waits.until("the owner's death to reach the model", WAIT, () -> serve.verdictProperty().get() == Verdict.STALE);

                FakeNotificationServer.NotifyCall call = server.nextNotify(WAIT);
                assertEquals("Hostwarden: serve is stale", call.summary());
                assertTrue(call.body().startsWith("serve: owner PID " + pid + " turned stale"), call.body());
                // No owner control in this context, so no Start button; the dead record is retractable.
                assertEquals(List.of("default", "Open", "open", "Open panel", "retract", "Retract dead record…"), call.actions());
                assertEquals(List.of(NotificationEntry.Delivery.SHOWN, NotificationEntry.Delivery.HISTORY_ONLY),
                        policy.historyProperty().stream().map(NotificationEntry::delivery).toList());

                Waits.until("the notifier knows notification " + call.id(), WAIT, () -> ((DbusNotifier) notifier).isOpen(call.id()));
                server.invoke(call.id(), "retract");
                windowOpened.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                Waits.until("the retract preview to open", WAIT, () -> serve.retractPreviewProperty().get() != null);
                assertFalse(policy.bannerProperty().get().resolved());

                serve.confirmRetract();
                assertEquals(call.id(), server.nextClose(WAIT));
                assertEquals(Verdict.NO_OWNER, serve.verdictProperty().get());
                assertNotNull(policy.bannerProperty().get());
                assertTrue(policy.bannerProperty().get().resolved());
            } finally {
                policy.close();
            }
        }
    }
}
