package dev.hostwarden.panel.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.testsupport.TestActions;
import dev.hostwarden.testsupport.Waits;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The view-model against an owner whose control socket takes connections and never answers: the
 * UI thread stays free while the scan waits out hermes' 2 s client timeout, every home reads
 * "unknown" with the reason, and Rescan says that nothing was sent. This JVM is the owner (it holds
 * the real host lock and publishes its record); the socket is a real one that never replies.
 */
@EnabledOnOs(OS.LINUX)
class ProfilesViewModelTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private final ExecutorService background = Executors.newCachedThreadPool();
    private final ExecutorService ui = Executors.newSingleThreadExecutor(runnable -> new Thread(runnable, "test-ui"));

    @AfterEach
    void stop() throws InterruptedException {
        background.shutdownNow();
        ui.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private <T> T onUi(Callable<T> read) throws Exception {
        return CompletableFuture.supplyAsync(() -> {
            try {
                return read.call();
            } catch (Exception failed) {
                throw new IllegalStateException(failed);
            }
        }, ui).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aSilentControlSocketLeavesEveryHomeUnknownWithItsReasonAndNeverHoldsTheUiThread() throws Exception {
        Path root = Files.createDirectories(temp.resolve("hermes"));
        Files.createDirectories(root.resolve("profiles").resolve("work"));
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(temp.resolve("locks")), ProcessInspector.system());
        assertTrue(rendezvous.claimHostLock(Role.GATEWAY).acquired());
        HostRecord owner = rendezvous.publishRecord(Role.GATEWAY, "", null, List.of(), Tokens.newToken(), root.toString());
        try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            silent.bind(UnixDomainSocketAddress.of(root.resolve("gateway.sock")));
            ProfilesViewModel model = new ProfilesViewModel(TestActions.of(rendezvous), root,
                    new DesktopHandOff(new Environment(Map.of(), temp.toString())), background, ui);

            onUi(() -> {
                model.refresh();
                return null;
            });
            // The scan waits on the socket off the UI thread: the UI thread answers at once meanwhile.
            assertEquals(0, (int) onUi(() -> model.refreshCountProperty().get()), "the UI thread ran while the scan waited");
            Waits.until("the refresh is applied", DEADLINE, () -> {
                try {
                    return onUi(() -> model.refreshCountProperty().get()) == 1;
                } catch (Exception notYet) {
                    return false;
                }
            });

            List<ProfileRow> rows = onUi(() -> List.copyOf(model.rowsProperty()));
            assertEquals(List.of("default", "work"), rows.stream().map(ProfileRow::name).toList());
            String socket = root.resolve("gateway.sock").toString();
            for (ProfileRow row : rows) {
                assertEquals(ProfileRow.UNKNOWN, row.served(), row.name());
                assertTrue(row.reasons().startsWith("served unknown: ") && row.reasons().contains("no answer on " + socket + " within 2 s"),
                        row.reasons());
            }
            String ownerLine = onUi(() -> model.ownerLineProperty().get());
            assertTrue(ownerLine.startsWith("gateway owner: PID " + owner.pid() + " (LIVE), served set unknown: "), ownerLine);
            assertTrue(onUi(() -> model.summaryProperty().get()).startsWith("2 homes · 0 served · 2 unknown"));

            onUi(() -> {
                model.rescan();
                return null;
            });
            Waits.until("the rescan's outcome", DEADLINE, () -> {
                try {
                    return !onUi(() -> model.busyProperty().get()) && onUi(() -> model.messageProperty().get()).contains("nothing was sent");
                } catch (Exception notYet) {
                    return false;
                }
            });
            String said = onUi(() -> model.messageProperty().get());
            assertTrue(said.startsWith("Rescan profiles: the gateway owner PID " + owner.pid() + " did not answer identify: "), said);
        } finally {
            rendezvous.releaseHostLock(Role.GATEWAY);
        }
    }
}
