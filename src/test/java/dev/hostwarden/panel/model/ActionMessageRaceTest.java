package dev.hostwarden.panel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.LockHolderChild;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.PanelThreads;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The race that lost "Force stop now"'s message in the full suite: a refresh that began while the
 * owner was still alive lands after the action's outcome. It must not settle the message on the old
 * state, or the next, true refresh clears it as out of date. Driven deterministically here with a
 * real owner, a real kill and a real retract: the late refresh is the card's own earlier snapshot.
 */
class ActionMessageRaceTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    private final PanelThreads threads = new PanelThreads();

    @AfterEach
    void shutDown() throws InterruptedException {
        threads.close();
    }

    @Test
    void aRefreshBegunBeforeTheOutcomeNeitherSettlesNorClearsItsMessage() throws Exception {
        Path locks = temp.resolve("locks");
        Path hermes = Files.createDirectories(temp.resolve("hermes"));
        PanelModel model = new PanelModel(PanelContext.of(HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system()), hermes,
                null, pid -> Optional.empty(), threads.background(), threads.ui()));
        RoleCardModel card = model.card(Role.GATEWAY);
        try (ChildProcess owner = ChildProcess.java(LockHolderChild.class, Map.of(), locks.toString(), "gateway", hermes.toString())) {
            owner.awaitLine(line -> line.startsWith("READY"), DEADLINE);
            long begunWhileAlive = System.nanoTime();
            threads.run(() -> model.refresh());
            Waits.until("LIVE", DEADLINE, () -> threads.onUi(() -> card.verdictProperty().get() == Verdict.LIVE));
            RoleSnapshot whileAlive = threads.onUi(() -> card.snapshotProperty().get());

            owner.process().destroyForcibly();
            Waits.until("STALE", DEADLINE, () -> threads.onUi(() -> card.verdictProperty().get() == Verdict.STALE));
            threads.run(() -> {
                card.previewRetract();
                card.confirmRetract();
            });
            Waits.until("the retract's outcome", DEADLINE, () -> threads.onUi(() -> !card.busyProperty().get()
                    && card.actionMessageProperty().get().startsWith("Removed")));
            String outcome = threads.onUi(() -> card.actionMessageProperty().get());

            // The late refresh from before the kill lands, then a true one.
            threads.run(() -> card.apply(whileAlive, begunWhileAlive));
            int applied = threads.onUi(() -> model.refreshCountProperty().get());
            threads.run(() -> model.refresh());
            Waits.until("a refresh begun after the outcome", DEADLINE, () -> threads.onUi(() -> model.refreshCountProperty().get() > applied
                    && card.verdictProperty().get() == Verdict.NO_OWNER));
            assertEquals(outcome, threads.onUi(() -> card.actionMessageProperty().get()), "the outcome the user asked for stays");
        } finally {
            model.close();
        }
    }
}
