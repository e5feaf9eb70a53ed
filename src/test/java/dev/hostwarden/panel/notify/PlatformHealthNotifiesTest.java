package dev.hostwarden.panel.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleSnapshot;
import dev.hostwarden.panel.model.TrayStatus;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real gateway owner whose runtime status (written here with its PID and start time, as hermes
 * writes it) changes: the panel's model shows the platforms, a platform going from connected to
 * needing attention is one notification with its token redacted and the attention tray state, and its
 * recovery is said too and resolves the banner.
 */
class PlatformHealthNotifiesTest {
    private static final String TOKEN = "8001234567:AAH-discord-token-never-shown";

    @TempDir
    Path tmp;

    private static final class RecordingNotifier implements Notifier {
        final List<Notification> shown = new CopyOnWriteArrayList<>();
        final List<String> withdrawn = new CopyOnWriteArrayList<>();

        @Override
        public void show(Notification notification) {
            shown.add(notification);
        }

        @Override
        public void withdraw(String tag) {
            withdrawn.add(tag);
        }

        @Override
        public String describe() {
            return "a test's notifier";
        }

        @Override
        public void close() {
        }
    }

    private static String state(long pid, long ticks, String discord) {
        return "{\"pid\": " + pid + ", \"start_time\": " + ticks + ", \"gateway_state\": \"running\", \"platforms\": {"
                + "\"telegram\": {\"state\": \"connected\", \"needs_attention\": false}, \"work:discord\": " + discord + "}}";
    }

    @Test
    void aPlatformThatFailsIsNotifiedOnceRedactedAndItsRecoveryToo() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home/profiles/work")).getParent().getParent();
        Files.writeString(home.resolve(".env"), "DISCORD_BOT_TOKEN=" + TOKEN + "\n");
        Path locks = tmp.resolve("locks");
        try (ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", home.toString()),
                "run", "gateway")) {
            assertEquals("READY role=gateway pid=" + owner.pid(), owner.readLine(Duration.ofSeconds(60)), owner.stderr());
            long ticks = ProcessInspector.system().startTicks(owner.pid());
            Path file = home.resolve("gateway_state.json");
            Files.writeString(file, state(owner.pid(), ticks, "{\"state\": \"connected\", \"needs_attention\": false}"));
            HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
            PanelModel model = new PanelModel(PanelContext.of(rendezvous, home, null, pid -> Optional.empty(), Runnable::run, Runnable::run));
            RecordingNotifier notifier = new RecordingNotifier();
            SteppingClock clock = new SteppingClock();
            NotificationPolicy policy = new NotificationPolicy(notifier, new RecordingActions(), clock, Runnable::run);
            policy.watch(model);
            model.setEventListener(policy::accept);
            model.refresh();
            RoleSnapshot gateway = model.card(Role.GATEWAY).snapshotProperty().get();
            assertEquals(Verdict.LIVE, gateway.report().verdict());
            assertEquals(2, gateway.currentPlatforms().size());
            assertFalse(gateway.needsAttention());
            assertEquals(TrayStatus.GREEN, model.trayStatusProperty().get());

            Files.writeString(file, state(owner.pid(), ticks, "{\"state\": \"failed\", \"error_code\": \"TOKEN_INVALID\","
                    + " \"error_message\": \"401 for " + TOKEN + "\", \"needs_attention\": true, \"updated_at\": \"2026-12-03T12:04:00+00:00\"}"));
            model.refresh();
            assertEquals(Verdict.LIVE, model.card(Role.GATEWAY).verdictProperty().get(), "a broken platform leaves the owner LIVE");
            assertTrue(model.card(Role.GATEWAY).snapshotProperty().get().needsAttention());
            assertTrue(model.attentionProperty().get());
            assertEquals(TrayStatus.ATTENTION, model.trayStatusProperty().get(), "attention is told apart from stale");
            assertEquals(1, notifier.shown.size(), notifier.shown.toString());
            Notification failed = notifier.shown.get(0);
            assertEquals("Hostwarden: a gateway platform is failing", failed.summary());
            assertTrue(failed.body().startsWith("gateway: discord (profile work) needs attention: TOKEN_INVALID (401 for <secret fingerprint "),
                    failed.body());
            assertFalse(failed.body().contains(TOKEN));
            assertEquals(OwnershipEvent.Kind.PLATFORM_FAILED, policy.bannerProperty().get().event().kind());

            model.refresh();
            assertEquals(1, notifier.shown.size(), "an unchanged failure is said once");

            Files.writeString(file, state(owner.pid(), ticks, "{\"state\": \"connected\", \"needs_attention\": false}"));
            model.refresh();
            assertEquals(TrayStatus.GREEN, model.trayStatusProperty().get());
            assertTrue(policy.bannerProperty().get().resolved(), "the recovery resolves the banner");
            assertTrue(notifier.withdrawn.contains(NotificationPolicy.platformTag(Role.GATEWAY)));

            // Flapping: a shown "is back", then a failure too soon to be said again, leaves no good news on the desktop.
            String failing = "{\"state\": \"failed\", \"error_code\": \"TOKEN_INVALID\", \"needs_attention\": true}";
            clock.advance(NotificationPolicy.PER_ROLE_INTERVAL.plusSeconds(1));
            Files.writeString(file, state(owner.pid(), ticks, failing));
            model.refresh();
            clock.advance(NotificationPolicy.PER_ROLE_INTERVAL.plusSeconds(1));
            Files.writeString(file, state(owner.pid(), ticks, "{\"state\": \"connected\", \"needs_attention\": false}"));
            model.refresh();
            assertEquals("Hostwarden: a gateway platform is back", notifier.shown.get(notifier.shown.size() - 1).summary());
            int shownBefore = notifier.shown.size();
            int withdrawnBefore = notifier.withdrawn.size();
            Files.writeString(file, state(owner.pid(), ticks, failing));
            model.refresh();
            assertEquals(shownBefore, notifier.shown.size(), "a failure right after a recovery is rate-limited");
            assertEquals(withdrawnBefore + 1, notifier.withdrawn.size(), "but the \"is back\" is withdrawn");
            assertEquals(TrayStatus.ATTENTION, model.trayStatusProperty().get());
            model.close();
            policy.close();
        }
    }
}
