package dev.hostwarden.panel.model;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostLockChild;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.LockHolderChild;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.PanelThreads;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The panel's model stays fresh with no manual refresh, against real processes and real files: the
 * only refresh asked for is the first one, so whatever shows later came from an owner's exit, a file
 * event, or the re-asking of a live owner's endpoint.
 */
class PanelFreshnessTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    private final PanelThreads threads = new PanelThreads();
    private Path locks;
    private Path hermes;
    private PanelModel model;

    @BeforeEach
    void setUp() throws IOException {
        locks = temp.resolve("locks");
        hermes = Files.createDirectories(temp.resolve("hermes"));
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
        model = new PanelModel(PanelContext.of(rendezvous, hermes, null, pid -> Optional.empty(), threads.background(), threads.ui()));
    }

    @AfterEach
    void shutDown() throws InterruptedException {
        model.close();
        threads.close();
    }

    private void firstRefresh() {
        threads.run(() -> model.refresh());
        Waits.until("the first refresh", DEADLINE, () -> threads.onUi(() -> model.refreshCountProperty().get() >= 1));
    }

    private Verdict gateway() {
        return threads.onUi(() -> model.card(Role.GATEWAY).verdictProperty().get());
    }

    private RoleReport gatewayReport() {
        return threads.onUi(() -> model.card(Role.GATEWAY).snapshotProperty().get().report());
    }

    @Test
    void aKilledOwnerShowsStaleFromItsExitAlone() throws Exception {
        try (ChildProcess owner = ChildProcess.java(LockHolderChild.class, Map.of(), locks.toString(), "gateway", hermes.toString())) {
            owner.awaitLine(line -> line.startsWith("READY"), DEADLINE);
            firstRefresh();
            assertEquals(Verdict.LIVE, gateway());
            owner.process().destroyForcibly();
            Waits.until("STALE after kill -9, with no refresh asked for", DEADLINE, () -> gateway() == Verdict.STALE);
        }
    }

    @Test
    void aStartingHolderKnownOnlyFromTheLockIsWatchedUntilItDies() throws Exception {
        try (ChildProcess holder = ChildProcess.java(HostLockChild.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(),
                "HERMES_HOME", hermes.toString()), "hold")) {
            assertEquals("held", holder.readLine(DEADLINE));
            firstRefresh();
            assertEquals(Verdict.STARTING, gateway(), "no record yet: the holder is known only from the lock");
            assertEquals(holder.pid(), gatewayReport().lock().holderPid());
            holder.process().destroyForcibly();
            Waits.until("the STARTING holder's death to show, with no refresh asked for", DEADLINE, () -> gateway() == Verdict.NO_OWNER);
        }
    }

    @Test
    void aLockTakenWithNothingPublishedShowsAsStartingWhenRecheckedWhileVisible() throws Exception {
        firstRefresh();
        assertEquals(Verdict.NO_OWNER, gateway());
        try (ChildProcess holder = ChildProcess.java(HostLockChild.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(),
                "HERMES_HOME", hermes.toString()), "hold")) {
            assertEquals("held", holder.readLine(DEADLINE));
            Waits.until("STARTING after a recheck", DEADLINE, () -> {
                threads.run(() -> model.recheckWhileVisible());
                return gateway() == Verdict.STARTING;
            });
        }
    }

    @Test
    void profileHomesMarkersAndLockHoldersArriveByFileEvents() throws Exception {
        firstRefresh();
        try (RendezvousWatcher watcher = new RendezvousWatcher(model::watchedDirectories, Duration.ofHours(1), model::refresh)) {
            watcher.start();
            assertTrue(watcher.watched().contains(hermes.toAbsolutePath().normalize()), "the root home is watched: " + watcher.watched());

            Path work = Files.createDirectories(hermes.resolve("profiles").resolve("work"));
            Waits.until("the new profile home", DEADLINE, () -> home("work").isPresent());

            PlannedStopMarker.write(work, ProcessHandle.current().pid(), ProcessInspector.system());
            Waits.until("the marker in the new home", DEADLINE, () -> home("work").map(HomeStatus::markerContents).isPresent());

            try (ChildProcess standalone = ChildProcess.java(HostLockChild.class, Map.of("HERMES_GATEWAY_LOCK_DIR",
                    temp.resolve("other-locks").toString(), "HERMES_HOME", work.toString()), "per-home-and-host")) {
                assertTrue(standalone.readLine(DEADLINE).contains("\"per_home\":true"));
                Waits.until("the home's new gateway.lock holder", DEADLINE, () -> home("work")
                        .filter(home -> home.runtimeLock().state() == LockState.HELD && Long.valueOf(standalone.pid()).equals(home.runtimeLock().holderPid()))
                        .isPresent());
                standalone.process().destroyForcibly();
                // A dead holder leaves its file unchanged: its exit is what is noticed.
                Waits.until("the home's lock free again", DEADLINE, () -> home("work")
                        .filter(home -> home.runtimeLock().state() != LockState.HELD).isPresent());
            }

            Files.delete(PlannedStopMarker.pathFor(work));
            Files.delete(work.resolve("gateway.lock"));
            Files.delete(work);
            Waits.until("the removed profile home to go", DEADLINE, () -> home("work").isEmpty());
        }
    }

    private Optional<HomeStatus> home(String profile) {
        return threads.onUi(() -> model.homesProperty().get().stream().filter(home -> home.profile().equals(profile)).findFirst());
    }

    @Test
    void aHungOwnerShowsEndpointSilentWhenAskedAgainAndRecovers() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "SKIPPED: needs /bin/kill to stop and continue a process");
        try (ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME",
                hermes.toString()), "run", "gateway")) {
            owner.awaitLine(line -> line.startsWith("READY"), DEADLINE);
            firstRefresh();
            Waits.until("the owner's endpoint to answer", DEADLINE, () -> {
                threads.run(() -> model.recheckWhileVisible());
                return endpoint() == CheckResult.PASS;
            });
            signal("-STOP", owner.pid());
            try {
                Waits.until("ENDPOINT_SILENT after asking again", DEADLINE, () -> {
                    threads.run(() -> model.recheckWhileVisible());
                    return gatewayReport().hasReason(ReasonCode.ENDPOINT_SILENT);
                });
            } finally {
                signal("-CONT", owner.pid());
            }
            Waits.until("the endpoint answering again", DEADLINE, () -> {
                threads.run(() -> model.recheckWhileVisible());
                return endpoint() == CheckResult.PASS;
            });
        }
    }

    private CheckResult endpoint() {
        return gatewayReport().checks().stream().filter(check -> check.name().equals("endpoint")).map(check -> check.result())
                .findFirst().orElse(null);
    }

    private static void signal(String which, long pid) throws Exception {
        assertEquals(0, new ProcessBuilder("/bin/kill", which, Long.toString(pid)).inheritIO().start().waitFor());
    }

    @Test
    void aRefreshAskedForAfterCloseIsDroppedQuietly() throws Exception {
        firstRefresh();
        threads.background().shutdownNow();
        // The executor is gone before the model knows (an owner's exit racing the shutdown): no exception.
        assertDoesNotThrow(() -> threads.onUi(() -> {
            model.refresh();
            model.recheckWhileVisible();
            return null;
        }));
        model.close();
        int before = threads.onUi(() -> model.refreshCountProperty().get());
        assertDoesNotThrow(() -> threads.onUi(() -> {
            model.refresh();
            return null;
        }));
        assertEquals(before, threads.onUi(() -> model.refreshCountProperty().get()));
    }
}
