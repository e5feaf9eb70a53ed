package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.process.ProcessSignals;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** {@code run}, {@code stop} and {@code restart} against real owner JVMs ({@code dev.hostwarden.Main run ...}). */
@DisabledOnOs(OS.WINDOWS)
class OwnerProcessTest {
    private static final Duration START = Duration.ofSeconds(30);
    private static final Duration EXIT = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private final List<ChildProcess> children = new ArrayList<>();
    private final List<Long> launched = new ArrayList<>();

    @AfterEach
    void cleanUp() throws Exception {
        for (ChildProcess child : children) {
            child.close();
        }
        for (long pid : launched) {
            ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private Path locks() {
        return tmp.resolve("locks");
    }

    private Path home(String name) {
        return tmp.resolve(name);
    }

    private HostRendezvous rendezvous() {
        return HostRendezvous.at(RendezvousDir.of(locks()), ProcessInspector.system());
    }

    private ChildProcess run(String homeName, String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of("run"));
        all.addAll(List.of(args));
        ChildProcess child = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks().toString(),
                "HERMES_HOME", home(homeName).toString()), all.toArray(new String[0]));
        children.add(child);
        return child;
    }

    private static void awaitReady(ChildProcess child, String role) {
        assertEquals("READY role=" + role + " pid=" + child.pid(), child.readLine(START));
    }

    /** A signaller that records every call and sends nothing. */
    private static final class RecordingSignaller implements Signaller {
        final List<String> sent = new CopyOnWriteArrayList<>();
        private final boolean deliver;

        RecordingSignaller(boolean deliver) {
            this.deliver = deliver;
        }

        @Override
        public boolean terminate(long pid) {
            sent.add("TERM " + pid);
            return deliver && ProcessSignals.terminate(pid);
        }

        @Override
        public boolean kill(long pid) {
            sent.add("KILL " + pid);
            return deliver && ProcessSignals.kill(pid);
        }
    }

    private void assertNoRecordOrToken(Role role) {
        assertFalse(Files.exists(rendezvous().recordPath(role)), "record left behind");
        assertFalse(Files.exists(rendezvous().tokenPath(role)), "token left behind");
    }

    private void assertHostLockClaimable(Role role) {
        HostRendezvous rendezvous = rendezvous();
        ClaimResult claim = rendezvous.claimHostLock(role);
        try {
            assertEquals(LockOutcome.ACQUIRED, claim.outcome());
        } finally {
            rendezvous.releaseHostLock(role);
        }
    }

    @Test
    void stopByTheMarkerAloneEndsARunGatewayWithExitZeroAndLeavesNothing() throws Exception {
        ChildProcess owner = run("home", "gateway");
        awaitReady(owner, "gateway");
        assertTrue(ControlSocket.identify(home("home"), Duration.ofSeconds(5)).isPresent(), "the gateway answers identify");
        assertTrue(Files.exists(rendezvous().tokenPath(Role.GATEWAY)));

        RecordingSignaller signaller = new RecordingSignaller(false);
        List<ControlStep> steps = new CopyOnWriteArrayList<>();
        ControlResult result = new RendezvousOwnerControl(rendezvous()).withoutSigterm().withSignaller(signaller)
                .stop(Role.GATEWAY, EXIT, false, steps::add, () -> false);

        assertEquals(ControlResult.Outcome.STOPPED, result.outcome(), result.message() + " " + steps);
        assertEquals(List.of(), signaller.sent, "no signal: the marker alone stopped it, as on Windows");
        assertEquals(0, owner.waitFor(EXIT), "a planned stop exits 0; stderr:\n" + owner.stderr());
        assertTrue(owner.stderr().contains("planned stop"), owner.stderr());
        assertNoRecordOrToken(Role.GATEWAY);
        assertFalse(Files.exists(PlannedStopMarker.pathFor(home("home"))), "the owner consumed the marker");
        assertFalse(Files.exists(ControlSocket.preferredPath(home("home"))), "the control socket is gone");
        assertHostLockClaimable(Role.GATEWAY);
    }

    @Test
    void aLeftoverMarkerNamingAPreviousInstanceDoesNotStopANewOwner() throws Exception {
        Files.createDirectories(home("home"));
        // The previous instance: a process that got a marker, then died without consuming it.
        ChildProcess previous = ChildProcess.start(List.of("sleep", "60"), Map.of());
        children.add(previous);
        assertTrue(PlannedStopMarker.write(home("home"), previous.pid(), ProcessInspector.system()));
        previous.kill();

        ChildProcess owner = run("home", "gateway", "--poll-interval", "0.02");
        awaitReady(owner, "gateway");
        Waits.until("the new owner's watcher looked at the leftover marker many times", START,
                () -> ControlSocket.call(home("home"), "status", Duration.ofSeconds(2))
                        .map(status -> status.path("watcher_ticks").asLong() >= 20).orElse(false));
        assertTrue(owner.process().isAlive(), "a marker for a previous instance must not stop the new owner (#34597)");
        assertTrue(Files.exists(PlannedStopMarker.pathFor(home("home"))), "a fresh marker naming another PID is left alone");
        assertEquals(Verdict.LIVE, new RoleInspector(rendezvous(), false).inspect(Role.GATEWAY).verdict());

        // And the watcher still works: a marker naming this owner stops it.
        assertTrue(PlannedStopMarker.write(home("home"), owner.pid(), ProcessInspector.system()));
        assertEquals(0, owner.waitFor(EXIT), owner.stderr());
        assertNoRecordOrToken(Role.GATEWAY);
    }

    @Test
    void sigtermWithoutAMarkerExitsOneAndLeavesNoRecordOrToken() throws Exception {
        ChildProcess owner = run("home", "serve", "--port", "0");
        awaitReady(owner, "serve");
        HostRecord record = rendezvous().readRecord(Role.SERVE, false);
        assertNotNull(record, "the record is published before READY");
        assertEquals(owner.pid(), record.pid());
        assertNotNull(record.port(), "port 0 picked a free port, which is published");

        assertTrue(ProcessSignals.terminate(owner.pid()));

        assertEquals(1, owner.waitFor(EXIT), "an unexpected SIGTERM exits 1 (not 143); stderr:\n" + owner.stderr());
        assertNoRecordOrToken(Role.SERVE);
        assertHostLockClaimable(Role.SERVE);
    }

    @Test
    void sigintIsAPlannedStopAndASigtermWhileWaitingExitsOne() throws Exception {
        ChildProcess owner = run("a", "gateway");
        awaitReady(owner, "gateway");
        ChildProcess waiter = run("b", "gateway", "--wait");
        Waits.until("the waiter says it waits for the lock", START, () -> waiter.stderr().contains("waiting for it (--wait)"));

        assertEquals(0, new ProcessBuilder("kill", "-TERM", Long.toString(waiter.pid())).start().waitFor());
        assertEquals(1, waiter.waitFor(EXIT), "a waiter ended by SIGTERM exits 1; stderr:\n" + waiter.stderr());
        assertEquals(0, new ProcessBuilder("kill", "-INT", Long.toString(owner.pid())).start().waitFor());
        assertEquals(0, owner.waitFor(EXIT), "SIGINT is a planned stop; stderr:\n" + owner.stderr());
        assertNoRecordOrToken(Role.GATEWAY);
    }

    @Test
    void runWaitTakesOverTheMomentTheHolderIsKilled() throws Exception {
        ChildProcess holder = run("a", "gateway");
        awaitReady(holder, "gateway");
        ChildProcess waiter = run("b", "gateway", "--wait");
        Waits.until("the waiter blocks on the held lock", START, () -> waiter.stderr().contains("waiting for it (--wait)"));
        assertEquals(holder.pid(), rendezvous().readRecord(Role.GATEWAY, true).pid(), "the holder still owns the role");

        assertTrue(ProcessSignals.kill(holder.pid()));

        awaitReady(waiter, "gateway");
        HostRecord record = rendezvous().readRecord(Role.GATEWAY, false);
        assertNotNull(record);
        assertEquals(waiter.pid(), record.pid(), "the waiter is the owner now");
        assertEquals(Verdict.LIVE, new RoleInspector(rendezvous(), false).inspect(Role.GATEWAY).verdict());
        assertEquals(home("b").toString(), record.home());
    }

    @Test
    void restartYieldsANewProvenLiveOwner() throws Exception {
        ChildProcess owner = run("home", "gateway");
        awaitReady(owner, "gateway");
        Environment env = Environment.system().with("XDG_STATE_HOME", tmp.resolve("state").toString());
        List<ControlStep> steps = new CopyOnWriteArrayList<>();

        ControlResult result = new RendezvousOwnerControl(rendezvous()).withEnvironment(env)
                .withSettings(LaunchSettings.of(Role.GATEWAY, LaunchSettings.selfLaunch(Role.GATEWAY, null)))
                .restart(Role.GATEWAY, EXIT, null, steps::add, () -> false);
        if (result.newPid() != null) {
            launched.add(result.newPid());
        }

        assertEquals(ControlResult.Outcome.RESTARTED, result.outcome(), result.message() + " " + steps);
        assertEquals(0, owner.waitFor(EXIT), "the old owner stopped as planned; stderr:\n" + owner.stderr());
        assertEquals(owner.pid(), result.oldPid());
        assertNotEquals(owner.pid(), result.newPid());
        var report = new RoleInspector(rendezvous(), true).inspect(Role.GATEWAY);
        assertEquals(Verdict.LIVE, report.verdict());
        assertEquals(result.newPid(), report.record().recordOrNull().pid());
        assertEquals(home("home").toString(), report.record().recordOrNull().home(), "the new owner keeps the old home");
        assertTrue(steps.stream().anyMatch(step -> step.kind() == ControlStep.Kind.LAUNCHED), steps.toString());

        ControlResult stopped = new RendezvousOwnerControl(rendezvous()).stop(Role.GATEWAY, EXIT, true, step -> { }, () -> false);
        assertEquals(ControlResult.Outcome.STOPPED, stopped.outcome(), stopped.message());
        assertNoRecordOrToken(Role.GATEWAY);
    }

    @Test
    void theDefaultRelaunchKeepsTheProfilesTheOldOwnerServed() throws Exception {
        ChildProcess owner = run("home", "gateway", "--profiles", "default,work");
        awaitReady(owner, "gateway");
        // No settings file and no hermes on PATH: the default is this program's own run.
        Environment env = Environment.system().with("XDG_STATE_HOME", tmp.resolve("state").toString())
                .with("PATH", tmp.resolve("empty-path").toString());

        ControlResult result = new RendezvousOwnerControl(rendezvous()).withEnvironment(env)
                .withSettings(LaunchSettings.none())
                .restart(Role.GATEWAY, EXIT, null, step -> { }, () -> false);
        if (result.newPid() != null) {
            launched.add(result.newPid());
        }

        assertEquals(ControlResult.Outcome.RESTARTED, result.outcome(), result.message());
        HostRecord renewed = rendezvous().readRecord(Role.GATEWAY, false);
        assertNotNull(renewed);
        assertEquals(result.newPid(), renewed.pid());
        assertEquals(List.of("default", "work"), renewed.profiles(), "the relaunched owner serves what the old one did");
    }

    /** reliability.md case 10: a stopped (SIGSTOP) owner is alive; nothing may treat it as dead. */
    @Test
    void aFrozenOwnerKeepsItsLockAndFilesAndNoSecondOwnerStarts() throws Exception {
        ChildProcess owner = run("home", "serve", "--port", "0");
        awaitReady(owner, "serve");
        byte[] record = Files.readAllBytes(rendezvous().recordPath(Role.SERVE));
        assertEquals(0, new ProcessBuilder("kill", "-STOP", Long.toString(owner.pid())).start().waitFor());
        try {
            var report = new RoleInspector(rendezvous(), true).inspect(Role.SERVE);
            assertEquals(Verdict.LIVE, report.verdict(), report.reasons().toString());
            assertTrue(report.reasons().stream().anyMatch(reason -> reason.code() == ReasonCode.ENDPOINT_SILENT),
                    "a frozen owner does not answer: " + report.reasons());
            assertFalse(report.retractable());
            assertEquals(RetractResult.Outcome.REFUSED,
                    rendezvous().retractor().retract(Role.SERVE, false).outcome());
            ChildProcess second = run("other", "serve", "--port", "0");
            assertEquals(75, second.waitFor(EXIT), second.stderr());
            assertArrayEquals(record, Files.readAllBytes(rendezvous().recordPath(Role.SERVE)), "the frozen owner's record is untouched");
        } finally {
            new ProcessBuilder("kill", "-CONT", Long.toString(owner.pid())).start().waitFor();
        }
        assertTrue(ProcessSignals.terminate(owner.pid()));
        assertEquals(1, owner.waitFor(EXIT), owner.stderr());
        assertNoRecordOrToken(Role.SERVE);
    }

    /** reliability.md case 33: the token and record are owner-only even under umask 000. */
    @Test
    void underUmaskZeroTheTokenRecordAndLockAreOwnerOnly() throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", "-c", "umask 000; exec \"$@\"", "sh",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "serve", "--port", "0"));
        ChildProcess owner = ChildProcess.start(command, Map.of("HERMES_GATEWAY_LOCK_DIR", locks().toString(),
                "HERMES_HOME", home("home").toString()));
        children.add(owner);
        awaitReady(owner, "serve");

        for (Path file : List.of(rendezvous().tokenPath(Role.SERVE), rendezvous().recordPath(Role.SERVE), rendezvous().lockPath(Role.SERVE))) {
            assertEquals("rw-------", Fixtures.modeOf(file), file.toString());
        }
        assertEquals("rwx------", Fixtures.modeOf(locks()), "the rendezvous directory");
    }

    // ---- files deleted or replaced under a live owner (reliability.md case 16; users.md stories 11, 12) ----

    /** A serve owner that checks its files every 50 ms, so tests wait briefly. */
    private ChildProcess quickServeOwner() throws Exception {
        ChildProcess owner = run("home", "serve", "--port", "0", "--poll-interval", "0.05");
        awaitReady(owner, "serve");
        return owner;
    }

    private long holderOf(Role role) {
        Long holder = rendezvous().probeHostLock(role).holderPid();
        return holder == null ? -1 : holder;
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aDeletedOrReplacedLockFileIsLockedAgainAndASecondOwnerIsStillRefused() throws Exception {
        ChildProcess owner = quickServeOwner();
        Path lock = rendezvous().lockPath(Role.SERVE);

        Files.delete(lock);
        Waits.until("the owner locks a new lock file at the path", START, () -> Files.exists(lock) && holderOf(Role.SERVE) == owner.pid());

        Path impostor = Files.writeString(locks().resolve("impostor"), "");
        Files.move(impostor, lock, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Waits.until("the owner locks the replacement file", START, () -> holderOf(Role.SERVE) == owner.pid());

        assertEquals(Verdict.LIVE, new RoleInspector(rendezvous(), false).inspect(Role.SERVE).verdict());
        ChildProcess second = run("other", "serve", "--port", "0");
        assertEquals(75, second.waitFor(EXIT), "the path excludes a second owner again; stderr:\n" + second.stderr());
        assertTrue(owner.process().isAlive(), "the owner keeps running");
        assertTrue(owner.stderr().contains("locked it again"), owner.stderr());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aDeletedRuntimeLockOfTheHomeIsLockedAgainWithItsPidRecord() throws Exception {
        ChildProcess owner = run("home", "gateway", "--poll-interval", "0.05");
        awaitReady(owner, "gateway");
        Path runtimeLock = GatewayRuntimeLock.pathFor(home("home"));

        Files.delete(runtimeLock);
        Waits.until("the gateway locks a new runtime lock file", START, () -> {
            Long holder = GatewayRuntimeLock.probe(home("home")).holderPid();
            return holder != null && holder == owner.pid();
        });
        Waits.until("the new file carries the PID record", START,
                () -> Files.exists(runtimeLock) && sizeOf(runtimeLock) > 0);
        assertTrue(Files.readString(runtimeLock).contains("\"pid\":" + owner.pid()), Files.readString(runtimeLock));
        assertTrue(owner.process().isAlive());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aRemovedHomeIsNotCreatedAgainAndTheGatewayKeepsItsHostLock() throws Exception {
        ChildProcess owner = run("home", "gateway", "--poll-interval", "0.05");
        awaitReady(owner, "gateway");

        try (var files = Files.walk(home("home"))) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        Waits.until("the gateway notices its runtime lock file is gone", START, () -> owner.stderr().contains("cannot be re-created"));

        // Later polls still run (they publish a removed record again) but do not repeat the warning.
        Files.delete(rendezvous().recordPath(Role.GATEWAY));
        Waits.until("a later poll publishes the record again", START, () -> Files.exists(rendezvous().recordPath(Role.GATEWAY)));

        assertFalse(Files.exists(home("home")), "a deleted profile home is not brought back");
        assertTrue(owner.process().isAlive());
        assertEquals(Verdict.LIVE, new RoleInspector(rendezvous(), false).inspect(Role.GATEWAY).verdict(), "the host lock still holds");
        assertEquals(1, owner.stderr().split("cannot be re-created", -1).length - 1, "warned once, not every poll:\n" + owner.stderr());
    }

    private static long sizeOf(Path path) {
        try {
            return Files.size(path);
        } catch (IOException gone) {
            return -1;
        }
    }

    @Test
    void aRemovedRecordAndTokenArePublishedAgain() throws Exception {
        ChildProcess owner = quickServeOwner();
        HostRecord before = rendezvous().readRecord(Role.SERVE, false);

        Files.delete(rendezvous().recordPath(Role.SERVE));
        Files.delete(rendezvous().tokenPath(Role.SERVE));
        Waits.until("the owner publishes its record and token again", START, () -> {
            HostRecord again = rendezvous().readRecord(Role.SERVE, false);
            return again != null && Files.exists(rendezvous().tokenPath(Role.SERVE)) && rendezvous().store().tokenIsConsistent(again);
        });

        HostRecord after = rendezvous().readRecord(Role.SERVE, false);
        assertEquals(owner.pid(), after.pid());
        assertEquals(before.port(), after.port(), "the same endpoint is published");
        assertEquals(before.tokenFingerprint(), after.tokenFingerprint(), "the same token: clients that hold it keep working");
        assertEquals(Verdict.LIVE, new RoleInspector(rendezvous(), true).inspect(Role.SERVE).verdict());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void anOwnerWhoseLockPathWasTakenByAnotherProcessStopsWithSeventyFive() throws Exception {
        ChildProcess owner = quickServeOwner();
        Path lock = rendezvous().lockPath(Role.SERVE);
        // Another process (this test JVM) locks a file, then moves it over the owner's lock path.
        Path taken = Files.writeString(locks().resolve("taken"), "");
        assertEquals(LockOutcome.ACQUIRED, FileLocks.tryClaim("impostor", taken).outcome());
        try {
            Files.move(taken, lock, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);

            assertEquals(HostOwner.EXIT_LOCK_LOST, owner.waitFor(EXIT), "no longer exclusive: it stops; stderr:\n" + owner.stderr());
            assertTrue(owner.stderr().contains("no longer exclusive"), owner.stderr());
            assertNoRecordOrToken(Role.SERVE);
        } finally {
            FileLocks.release("impostor", taken);
        }
    }
}
