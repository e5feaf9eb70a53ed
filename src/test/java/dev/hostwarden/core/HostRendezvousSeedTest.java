package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.attach.AttachDecider;
import dev.hostwarden.core.attach.AttachDecision;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.Incarnation;
import dev.hostwarden.core.proof.LivenessJudge;
import dev.hostwarden.core.proof.OwnerProbe;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.PatchedProcessInspector;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * hermes' {@code tests/gateway/test_host_rendezvous.py}, test for test and assertion for assertion:
 * one lock per host, and staleness is proved. Real files, real locks, real child processes; hermes'
 * monkeypatches become an environment the fixture can change, a patched process inspector, a stubbed
 * identify function and the retractor's remover seam.
 */
class HostRendezvousSeedTest extends HostDirTest {
    /** The seed reads a child's first line within 60 s. */
    private static final Duration CHILD_DEADLINE = Duration.ofSeconds(60);
    private static final String SEED_UPDATED_AT = "2026-01-01T00:00:00+00:00";
    private static final long OWN_PID = Platform.currentPid();

    private final ProcessInspector inspector = ProcessInspector.system();

    @Test
    void twoHomesTakeTheirOwnPerHomeLockButOnlyOneHostLock() throws Exception {
        // The per-home lock is per HERMES_HOME (N profiles = N locks); the host lock is not.
        Path homeA = Files.createDirectory(tmp.resolve("home_a"));
        Path homeB = Files.createDirectory(tmp.resolve("home_b"));
        Map<String, String> env = withHome(hostDir.childEnvironment(), homeA);
        try (ChildProcess child = ChildProcess.java(HostLockChild.class, env, "per-home-and-host")) {
            JsonNode first = JsonTrees.parse(child.readLine(CHILD_DEADLINE));
            assertEquals(JsonTrees.parse("{\"per_home\": true, \"host\": true}"), first);

            hostDir.setEnv("HERMES_HOME", homeB.toString());
            Path ourHome = HermesHome.resolve(hostDir.environment());
            try {
                assertTrue(GatewayRuntimeLock.acquire(ourHome, List.of("test"), inspector), "second home must get its OWN lock");
                assertEquals(LockOutcome.HELD_BY_OTHER, hr.claimHostLock(Role.GATEWAY).outcome(), "host lock is not per-home");
            } finally {
                GatewayRuntimeLock.release(ourHome);
            }
        }
    }

    static Stream<Arguments> staleRecords() {
        return Stream.of(
                Arguments.of("dead-pid", (1L << 22) - 1, 1.0),
                Arguments.of("creation-time-mismatch", OWN_PID, 1.0));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("staleRecords")
    void staleRecordIsNeverAttachable(String id, long pid, double createTime) throws IOException {
        // A dead PID and a live PID from another incarnation are both stale: attaching to either
        // dials whatever now owns that port.
        HostRecord record = new HostRecord(Role.SERVE, "", pid, createTime, null, "", "127.0.0.1", 9119,
                HostRecord.PROTOCOL_VERSION, "", List.of("default"), SEED_UPDATED_AT);
        writeRecord(record);
        assertTrue(hr.recordIsStale(record));
        assertNull(hr.readRecord(Role.SERVE, false));
        assertNotNull(hr.readRecord(Role.SERVE, true));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void liveHostRecordSurvivesWallClockCreateTimeDrift() {
        // WSL can shift the wall-clock creation time of the same live PID while the start ticks stay
        // fixed: the owner stays recognised, but a changed start fingerprint is still PID reuse.
        HostRecord record = hr.publishRecord(Role.GATEWAY, "", null, List.of("default"), null, tmp.toString());
        assertNotNull(record);
        HostRecord drifted = record.withCreateTime(record.createTime() - 5);
        assertFalse(hr.recordIsStale(drifted));
        assertTrue(hr.livenessIsProven(drifted));
        assertNotNull(record.startTime());

        long reusedTicks = record.startTime() + LivenessJudge.START_TIME_DRIFT_TOLERANCE + 1;
        HostRendezvous patched = hostDir.rendezvous(PatchedProcessInspector.of(inspector).withStartTicks(pid -> reusedTicks));
        assertTrue(patched.recordIsStale(record));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void reusedEarlyPidAfterRebootIsNotTheGateway() throws Exception {
        // A legacy record (no bootEpoch) dated before this boot, with the host lock free, cannot
        // describe a live process, and judging it creates no lock file. One dated inside this boot
        // stays live however far createTime drifted; one with no incarnation proof never vouches.
        try (ChildProcess child = Sleeper.start()) {
            Long start = inspector.startTicks(child.pid());
            assertNotNull(start);
            Double boot = inspector.bootTime();
            assertNotNull(boot);
            HostRecord record = gatewayRecord(child.pid(), boot - 3600.0, start + 10, "");
            assertFalse(hr.livenessIsProven(record));
            assertTrue(hr.recordIsStale(record));
            assertFalse(Files.exists(hr.lockPath(Role.GATEWAY)));

            HostRecord drifted = record.withCreateTime(boot + 1.0);
            assertTrue(hr.livenessIsProven(drifted));
            assertFalse(hr.recordIsStale(drifted));

            HostRecord unprovable = record.withCreateTime(null).withStartTime(null);
            assertFalse(hr.livenessIsProven(unprovable));
            assertTrue(hr.recordIsStale(unprovable));
        }
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void liveLegacyOwnerSurvivesAClockStepPastItsCreateTime() throws Exception {
        // A forward wall-clock step moves boot time past a running owner's saved createTime. The
        // host lock is held, so the owner stays live.
        Map<String, String> env = withHome(hostDir.childEnvironment(), tmp.resolve("home"));
        try (ChildProcess child = ChildProcess.java(HostLockChild.class, env, "per-home-and-host")) {
            assertTrue(JsonTrees.parse(child.readLine(CHILD_DEADLINE)).path("host").asBoolean());
            Long start = inspector.startTicks(child.pid());
            assertNotNull(start);
            HostRecord record = gatewayRecord(child.pid(), inspector.bootTime() - 3600.0, start, "");
            assertTrue(hr.livenessIsProven(record));
            assertFalse(hr.recordIsStale(record));
        }
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void bootEpochMismatchRejectsATickMatch() {
        HostRecord record = hr.publishRecord(Role.GATEWAY, "", null, List.of("default"), null, tmp.toString());
        assertNotNull(record);
        assertFalse(record.bootEpoch().isEmpty());
        HostRecord foreign = record.withBootEpoch(record.bootEpoch() + "-other-boot");
        assertTrue(hr.livenessIsProven(record));
        assertFalse(hr.livenessIsProven(foreign));
        assertTrue(hr.recordIsStale(foreign));
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void recordedEpochWithUnreadableCurrentEpochIsUnprovable() {
        HostRecord record = hr.publishRecord(Role.GATEWAY, "", null, List.of("default"), null, tmp.toString());
        assertNotNull(record);
        assertFalse(record.bootEpoch().isEmpty());
        HostRendezvous patched = hostDir.rendezvous(PatchedProcessInspector.of(inspector).withCurrentBootEpoch(() -> ""));
        assertEquals(Incarnation.UNPROVABLE, patched.incarnationMatches(record));
        assertFalse(patched.livenessIsProven(record));
        assertFalse(patched.recordIsStale(record));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void emptyBootEpochDoesNotStaleALiveOwner() {
        HostRecord record = hr.publishRecord(Role.GATEWAY, "", null, List.of("default"), null, tmp.toString());
        assertNotNull(record);
        HostRecord empty = record.withBootEpoch("");
        assertTrue(hr.livenessIsProven(empty));
        assertFalse(hr.recordIsStale(empty));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void sigtermRemovesTheRecordAndItsLiveSessionToken() throws Exception {
        // SIGTERM is the NORMAL stop (systemd stop, docker stop, the update relaunch): the record and
        // the 0600 live session token must not outlive the process.
        try (ChildProcess child = ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "publish-and-arm-cleanup")) {
            assertEquals("published", child.readLine(CHILD_DEADLINE).strip());
            assertTrue(Files.exists(hr.recordPath(Role.SERVE)));
            assertTrue(Files.exists(hr.tokenPath(Role.SERVE)));
            child.process().destroy(); // SIGTERM on POSIX
            child.waitFor(Duration.ofSeconds(30));
        }
        assertFalse(Files.exists(hr.recordPath(Role.SERVE)), "record outlived its process");
        assertFalse(Files.exists(hr.tokenPath(Role.SERVE)), "live session token outlived its process");
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.SERVE).outcome(), "host lock not released");
    }

    @Test
    void unopenableLockDirIsNotReportedAsAnotherOwner() throws IOException {
        // EROFS/EACCES/ENOSPC is a THIRD outcome, never contention.
        Path blocked = Files.writeString(tmp.resolve("blocked"), "not a directory", StandardCharsets.UTF_8);
        hostDir.setEnv(HostDir.LOCK_DIR_VARIABLE, blocked.resolve("locks").toString());
        ClaimResult claim = hr.claimHostLock(Role.SERVE);
        assertEquals(LockOutcome.COULD_NOT_OPEN, claim.outcome());
        assertInstanceOf(IOException.class, claim.error());
    }

    @Test
    void lockCacheFollowsTheLockDirectory() {
        // Keyed by role alone, the cache reported "already held" for a directory it never created.
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.SERVE).outcome());
        Path moved = tmp.resolve("other-locks");
        hostDir.setEnv(HostDir.LOCK_DIR_VARIABLE, moved.toString());
        assertFalse(hr.ownsHostLock(Role.SERVE));
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.SERVE).outcome());
        assertTrue(Files.exists(moved.resolve("host-serve.lock")));
        hr.releaseHostLock(Role.SERVE);
    }

    @Test
    void probeOwnerRefusesAClosedPortAndAForeignListener() throws IOException {
        // The owner's socket already closed (graceful-shutdown window), and an unrelated listener.
        int deadPort;
        try (ServerSocket closed = new ServerSocket()) {
            closed.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            deadPort = closed.getLocalPort();
        }
        HostRecord record = new HostRecord(Role.SERVE, "", OWN_PID, inspector.createTime(OWN_PID), null, "", "127.0.0.1", deadPort,
                HostRecord.PROTOCOL_VERSION, "", List.of(), SEED_UPDATED_AT);
        assertEquals(Optional.empty(), probeOwner(record));
        try (ServerSocket foreign = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertEquals(Optional.empty(), probeOwner(record.withPort(foreign.getLocalPort())));
        }
    }

    @Test
    void relativeXdgStateHomeIsIgnored() {
        // A relative XDG_STATE_HOME made the lock dir CWD-relative: two serves, two "host" locks.
        Environment env = new Environment(Map.of("XDG_STATE_HOME", "relative/state", "HOME", tmp.toString()), tmp.toString());
        Path dir = RendezvousDir.resolve(env).path();
        assertTrue(dir.isAbsolute());
        assertEquals(tmp.resolve(".local").resolve("state").resolve("hermes").resolve(RendezvousDir.LOCKS_DIRNAME), dir);
    }

    @Test
    void lockDirIsTheSameUnderARepointedProfileHome() {
        // Inside containers the terminal tool runs with HOME=$HERMES_HOME/home and HERMES_REAL_HOME
        // naming the true home: both processes must meet in one directory.
        Path realHome = tmp.resolve("real-home");
        Path hermesHome = realHome.resolve(".hermes");
        Environment plain = new Environment(Map.of("HOME", realHome.toString()), realHome.toString());
        Environment repointed = new Environment(Map.of(
                "HOME", hermesHome.resolve("home").toString(),
                "HERMES_HOME", hermesHome.toString(),
                "HERMES_REAL_HOME", realHome.toString()), hermesHome.resolve("home").toString());
        assertEquals(RendezvousDir.resolve(plain).path(), RendezvousDir.resolve(repointed).path());
    }

    @Test
    void missingIncarnationFieldsDoNotProveALivePid() {
        // A record with neither createTime nor startTime cannot prove incarnation (#138343).
        HostRecord record = gatewayRecord(OWN_PID, null, null, tmp.toString());
        assertFalse(hr.livenessIsProven(record));
    }

    @Test
    void freeHostLockMeansAttachDoesNotTreatARecycledPidAsOwner() throws Exception {
        // Every live publisher holds host-gateway.lock for its lifetime. A leftover record naming a
        // live pid with a free lock is not the owner: decide() must START, not refuse forever.
        try (ChildProcess child = Sleeper.start()) {
            // The record must name OUR home: a record from another tenant root starts beside it anyway.
            Path home = Files.createDirectory(tmp.resolve("home"));
            HostRecord record = gatewayRecord(child.pid(), inspector.createTime(child.pid()), inspector.startTicks(child.pid()),
                    home.toString());
            writeRecord(record);
            AttachDecision decision = deciderWithSilentIdentify().decide(home, "default", false);
            assertEquals(AttachDecision.Outcome.START, decision.outcome());
            assertNull(decision.owner());
        }
    }

    @Test
    void holdingTheHostLockKeepsAMatchingIncarnationLive() {
        // The boot-race window: the lock is claimed before the socket binds.
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.GATEWAY).outcome());
        HostRecord record = hr.publishRecord(Role.GATEWAY, "", null, List.of("default"), null, tmp.toString());
        assertNotNull(record);
        assertTrue(hr.hostLockIsHeld(Role.GATEWAY));
        assertTrue(hr.livenessIsProven(record));
    }

    @Test
    void nullCreateTimeRecordOnARecycledPidStartsInsteadOfRefusingForever() throws Exception {
        // The outage shape: a SIGKILLed owner left createTime null, its pid now an unrelated process.
        try (ChildProcess child = Sleeper.start()) {
            Path home = Files.createDirectory(tmp.resolve("home"));
            HostRecord record = gatewayRecord(child.pid(), null, null, home.toString()).withUpdatedAt("2020-01-01T00:00:00+00:00");
            writeRecord(record);
            assertEquals(AttachDecision.Outcome.START, deciderWithSilentIdentify().decide(home, "default", false).outcome());
        }
    }

    @Test
    void discardDeadRecordRetractsALiveLookingPidOnlyOnceTheHostLockIsFree() throws Exception {
        // Lock held: the recorded owner may be alive, keep the record. Lock free: the owner is gone.
        try (ChildProcess child = Sleeper.start()) {
            writeRecord(liveLookingRecordFor(child));
            assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.GATEWAY).outcome());
            assertFalse(hr.discardDeadRecord(Role.GATEWAY));
            assertTrue(Files.exists(hr.recordPath(Role.GATEWAY)));
            hr.releaseHostLock(Role.GATEWAY);
            assertTrue(hr.discardDeadRecord(Role.GATEWAY));
            assertFalse(Files.exists(hr.recordPath(Role.GATEWAY)));
        }
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void anotherProcessHoldingTheHostLockIsObservedAndItsExitFreesTheFile() throws Exception {
        // The parent never owns the lock here: every answer comes from probing the lock file.
        try (ChildProcess sleeper = Sleeper.start();
             ChildProcess holder = ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "hold")) {
            assertEquals("held", holder.readLine(CHILD_DEADLINE).strip());
            writeRecord(liveLookingRecordFor(sleeper));
            assertFalse(hr.ownsHostLock(Role.GATEWAY));
            assertTrue(hr.hostLockIsHeld(Role.GATEWAY));
            assertFalse(hr.discardDeadRecord(Role.GATEWAY));
            assertTrue(Files.exists(hr.recordPath(Role.GATEWAY)));

            holder.kill();
            assertTrue(Files.exists(hr.lockPath(Role.GATEWAY)));
            assertFalse(hr.hostLockIsHeld(Role.GATEWAY));
            assertTrue(hr.discardDeadRecord(Role.GATEWAY));
            assertFalse(Files.exists(hr.recordPath(Role.GATEWAY)));
        }
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void restartCleanupNeverDeletesAGatewayThatClaimedTheLockMidCleanup() throws Exception {
        // A free-lock probe released before the unlink let a new gateway publish in the gap, and the
        // cleanup then deleted the NEW owner's record and token while it held the host lock.
        try (ChildProcess sleeper = Sleeper.start();
             ChildProcess claimer = ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "claim-on-demand")) {
            assertEquals("ready", claimer.readLine(CHILD_DEADLINE).strip());
            writeRecord(liveLookingRecordFor(sleeper));

            List<Boolean> wonInGap = new ArrayList<>();
            Retractor.Remover unlinkAfterARacingClaim = path -> {
                if (wonInGap.isEmpty()) {
                    wonInGap.add(claimAndPublish(claimer));
                }
                return PrivateFiles.remove(path);
            };
            hr.retractor().withRemover(unlinkAfterARacingClaim).retract(Role.GATEWAY, false);

            assertFalse(wonInGap.isEmpty(), "cleanup never reached the unlink");
            if (!wonInGap.get(0)) {
                assertTrue(claimAndPublish(claimer), "the cleanup must release the host lock it took");
            }
            HostRecord current = hr.readRecord(Role.GATEWAY, true);
            assertNotNull(current);
            assertEquals(claimer.pid(), current.pid());
            assertTrue(Files.exists(hr.tokenPath(Role.GATEWAY)));
        }
    }

    // ---- helpers ------------------------------------------------------------------------------

    /** hermes' {@code _gateway_record}: a legacy gateway record (no bootEpoch) for {@code pid}. */
    private static HostRecord gatewayRecord(long pid, Double createTime, Long startTime, String home) {
        return new HostRecord(Role.GATEWAY, home, pid, createTime, startTime, "", "", null, HostRecord.PROTOCOL_VERSION, "",
                List.of("default"), SEED_UPDATED_AT);
    }

    /** A record whose incarnation fully matches a live process that is not a gateway. */
    private HostRecord liveLookingRecordFor(ChildProcess process) {
        return gatewayRecord(process.pid(), inspector.createTime(process.pid()), inspector.startTicks(process.pid()), tmp.toString());
    }

    /** Writes a record file as hermes' tests do (ensure the state dir, then write the JSON). */
    private void writeRecord(HostRecord record) throws IOException {
        Fixtures.writeRaw(hr.dir().path(), record.role(), RecordCodec.encode(record));
    }

    /** hermes' {@code probe_owner(record, timeout=1.0)}: the role's token, then the endpoint. */
    private Optional<?> probeOwner(HostRecord record) {
        return OwnerProbe.probe(record, hr.store().readToken(record.role()).orElse(""), Duration.ofSeconds(1));
    }

    /** decide() with the control socket stubbed silent, as hermes patches {@code _identify} to None. */
    private AttachDecider deciderWithSilentIdentify() {
        return new AttachDecider(hr, home -> Optional.empty(), home -> Optional.empty(), Duration.ZERO);
    }

    /** Asks the claimer child to claim and publish; true when it won the host lock. */
    private static boolean claimAndPublish(ChildProcess claimer) throws IOException {
        claimer.writeLine("claim-and-publish");
        return LockOutcome.ACQUIRED.wireName().equals(claimer.readLine(CHILD_DEADLINE).strip());
    }

    private static Map<String, String> withHome(Map<String, String> env, Path home) {
        Map<String, String> copy = new HashMap<>(env);
        copy.put("HERMES_HOME", home.toString());
        return copy;
    }
}
