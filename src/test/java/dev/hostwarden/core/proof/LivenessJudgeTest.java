package dev.hostwarden.core.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hostwarden.core.FakeProcessInspector;
import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Every row of hermes-reference section 5.2 against a made-up process table, boot and clock. */
class LivenessJudgeTest {
    private static final long PID = 4242;
    private static final double BOOT = 1_000_000.0;
    private static final String EPOCH = "boot-a:7";

    private final FakeProcessInspector processes = new FakeProcessInspector().bootTime(BOOT).bootEpoch(EPOCH);
    private final LivenessJudge judge = new LivenessJudge(processes);

    private static HostRecord record(Double createTime, Long startTime, String bootEpoch) {
        return new HostRecord(Role.GATEWAY, "", PID, createTime, startTime, bootEpoch, "", null, 1, "", List.of(), "");
    }

    /** Counts how often the judge asks about the lock; it should only ask for the predates-boot rows. */
    private static final class Lock implements BooleanSupplier {
        final boolean held;
        final AtomicInteger asked = new AtomicInteger();

        Lock(boolean held) {
            this.held = held;
        }

        @Override
        public boolean getAsBoolean() {
            asked.incrementAndGet();
            return held;
        }
    }

    private Liveness judge(HostRecord record) {
        return judge.judge(record, new Lock(false));
    }

    private static void assertVerdict(Liveness liveness, Incarnation incarnation, boolean stale, boolean proven) {
        assertEquals(incarnation, liveness.incarnation(), liveness.toString());
        assertEquals(stale, liveness.stale(), "stale: " + liveness);
        assertEquals(proven, liveness.proven(), "proven: " + liveness);
    }

    private static List<ReasonCode> codes(Liveness liveness) {
        return liveness.reasons().stream().map(Reason::code).collect(Collectors.toList());
    }

    private static String checks(Liveness liveness) {
        return liveness.checks().stream().map(check -> check.name() + "=" + check.result()).collect(Collectors.joining(" "));
    }

    private static Check check(Liveness liveness, String name) {
        return liveness.checks().stream().filter(check -> check.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no check " + name + " in " + liveness));
    }

    // Row 1
    @Test
    void aRecordedEpochWithAnUnreadableCurrentEpochIsUnprovable() {
        processes.alive(PID, 500L, BOOT + 5).bootEpoch("");
        Liveness liveness = judge(record(BOOT + 5, 500L, EPOCH));
        assertVerdict(liveness, Incarnation.UNPROVABLE, false, false);
        assertEquals(List.of(ReasonCode.UNPROVABLE), codes(liveness));
        assertEquals("protocolVersion=PASS bootEpoch=UNPROVABLE", checks(liveness));
        assertEquals("recorded boot-a:7, current boot id unreadable", check(liveness, "bootEpoch").evidence());
        processes.bootEpoch(null);
        assertVerdict(judge(record(BOOT + 5, 500L, EPOCH)), Incarnation.UNPROVABLE, false, false);
    }

    // Row 2
    @Test
    void anotherBootRejectsEvenATickMatch() {
        processes.alive(PID, 500L, BOOT + 5);
        Liveness liveness = judge(record(BOOT + 5, 500L, EPOCH + "-other-boot"));
        assertVerdict(liveness, Incarnation.MISMATCH, true, false);
        assertEquals(List.of(ReasonCode.OTHER_BOOT), codes(liveness));
        assertEquals("protocolVersion=PASS bootEpoch=FAIL", checks(liveness));
        assertEquals(0, processes.presenceCalls(), "the PID is not even looked at");
        assertTrue(check(liveness, "bootEpoch").evidence().contains("current " + EPOCH), liveness.toString());
        // The second part (PID 1's start ticks) must agree too when both sides carry one.
        assertVerdict(judge(record(BOOT + 5, 500L, "boot-a:8")), Incarnation.MISMATCH, true, false);
        // A bare boot id matches any instantiation epoch of the same boot.
        assertVerdict(judge(record(BOOT + 5, 500L, "boot-a")), Incarnation.MATCH, false, true);
    }

    // Row 3
    @Test
    void noIncarnationFieldsNeverVouchForALivePidWhateverTheLock() {
        processes.alive(PID, 500L, BOOT + 5);
        for (boolean held : new boolean[] {false, true}) {
            Liveness liveness = judge.judge(record(null, null, EPOCH), new Lock(held));
            assertVerdict(liveness, Incarnation.MISMATCH, true, false);
            assertEquals(List.of(ReasonCode.NO_INCARNATION_PROOF), codes(liveness));
            assertEquals("protocolVersion=PASS bootEpoch=PASS incarnationFields=FAIL", checks(liveness));
        }
        assertEquals(0, processes.presenceCalls());
    }

    // Row 4
    @Test
    void aLegacyRecordIsProvenByCreationTimeStrictlyWithinTwoSeconds() {
        processes.alive(PID, null, 1_700_000_002.0);
        Liveness inside = judge(record(1_700_000_000.5, null, ""));
        assertVerdict(inside, Incarnation.MATCH, false, true);
        assertEquals("protocolVersion=PASS bootEpoch=SKIPPED incarnationFields=PASS pidAlive=PASS createTime=PASS", checks(inside));
        assertEquals("recorded 1700000000.500, current 1700000002.000, |delta| 1.500 s, tolerance < 2.0 s",
                check(inside, "createTime").evidence());

        Liveness exactlyTwo = judge(record(1_700_000_000.0, null, ""));
        assertVerdict(exactlyTwo, Incarnation.MISMATCH, true, false);
        assertEquals(List.of(ReasonCode.PID_REUSED), codes(exactlyTwo));
        assertEquals(CheckResult.FAIL, check(exactlyTwo, "createTime").result());

        assertVerdict(judge(record(1_700_000_004.0, null, "")), Incarnation.MISMATCH, true, false);
        assertVerdict(judge(record(1_700_000_003.9, null, "")), Incarnation.MATCH, false, true);
    }

    @Test
    void ourOwnPidWithAnAncientCreateTimeIsStale() {
        processes.alive(PID, null, 1_700_000_000.0);
        assertVerdict(judge(record(1.0, null, "")), Incarnation.MISMATCH, true, false);
    }

    @Test
    void aLegacyRecordOfADeadPidIsStale() {
        Liveness liveness = judge(record(1.0, null, ""));
        assertVerdict(liveness, Incarnation.MISMATCH, true, false);
        assertEquals(List.of(ReasonCode.PID_DEAD), codes(liveness));
        assertEquals("Owner process PID 4242 has exited", liveness.reasons().get(0).message());
        assertEquals("protocolVersion=PASS bootEpoch=SKIPPED incarnationFields=PASS pidAlive=FAIL", checks(liveness));
    }

    @Test
    void anUnreadableCreationTimeIsUnprovable() {
        processes.alive(PID, null, null);
        Liveness liveness = judge(record(1_700_000_000.0, null, ""));
        assertVerdict(liveness, Incarnation.UNPROVABLE, false, false);
        assertEquals(CheckResult.UNPROVABLE, check(liveness, "createTime").result());
    }

    // Row 5
    @Test
    void aDeadPidWithStartTicksIsStaleAndAnUnknownOneUnprovable() {
        Liveness dead = judge(record(BOOT + 5, 500L, EPOCH));
        assertVerdict(dead, Incarnation.MISMATCH, true, false);
        assertEquals(List.of(ReasonCode.PID_DEAD), codes(dead));
        assertEquals("fake: PID 4242 is DEAD", check(dead, "pidAlive").evidence());

        processes.unknown(PID);
        Liveness unknown = judge(record(BOOT + 5, 500L, EPOCH));
        assertVerdict(unknown, Incarnation.UNPROVABLE, false, false);
        assertEquals(List.of(ReasonCode.UNPROVABLE), codes(unknown));
        assertEquals("protocolVersion=PASS bootEpoch=PASS incarnationFields=PASS pidAlive=UNPROVABLE", checks(unknown));
    }

    // Row 6
    @Test
    void unreadableStartTicksAreUnprovable() {
        processes.alive(PID, null, BOOT + 5);
        Liveness liveness = judge(record(BOOT + 5, 500L, EPOCH));
        assertVerdict(liveness, Incarnation.UNPROVABLE, false, false);
        assertEquals("protocolVersion=PASS bootEpoch=PASS incarnationFields=PASS pidAlive=PASS startTicks=UNPROVABLE",
                checks(liveness));
    }

    // Row 7
    @Test
    void startTicksMatchWithinTwoHundredInclusive() {
        processes.alive(PID, 700L, BOOT + 5);
        Liveness edge = judge(record(BOOT + 5, 500L, EPOCH));
        assertVerdict(edge, Incarnation.MATCH, false, true);
        assertEquals("recorded 500, current 700, |delta| 200, tolerance 200", check(edge, "startTicks").evidence());
        assertVerdict(judge(record(BOOT + 5, 900L, EPOCH)), Incarnation.MATCH, false, true);

        Liveness beyond = judge(record(BOOT + 5, 499L, EPOCH));
        assertVerdict(beyond, Incarnation.MISMATCH, true, false);
        assertEquals(List.of(ReasonCode.START_TICKS_MISMATCH), codes(beyond));
        assertEquals("PID 4242 was reused (start fingerprint differs by 201)", beyond.reasons().get(0).message());
        assertVerdict(judge(record(BOOT + 5, 901L, EPOCH)), Incarnation.MISMATCH, true, false);
    }

    // Rows 8 and 9
    @Test
    void aLegacyRecordPredatingThisBootIsStaleOnlyWhileTheLockIsFree() {
        processes.alive(PID, 510L, null);
        HostRecord legacy = record(BOOT - 3600, 500L, "");

        Lock free = new Lock(false);
        Liveness stale = judge.judge(legacy, free);
        assertVerdict(stale, Incarnation.MISMATCH, true, false);
        assertEquals(List.of(ReasonCode.PREDATES_BOOT_LOCK_FREE), codes(stale));
        assertEquals("protocolVersion=PASS bootEpoch=SKIPPED incarnationFields=PASS pidAlive=PASS startTicks=PASS predatesBoot=FAIL",
                checks(stale));
        assertTrue(check(stale, "predatesBoot").evidence().contains("nobody holds the host lock"), stale.toString());
        assertEquals(1, free.asked.get());

        Lock held = new Lock(true);
        Liveness live = judge.judge(legacy, held);
        assertVerdict(live, Incarnation.MATCH, false, true);
        assertEquals(CheckResult.PASS, check(live, "predatesBoot").result());
        assertTrue(check(live, "predatesBoot").evidence().endsWith("but the host lock is held"), live.toString());
        assertEquals(List.of(), live.reasons());
        assertEquals(1, held.asked.get());
    }

    @Test
    void aLegacyRecordWithoutIncarnationFieldsPredatingBootIsStaleEvenWithTheLockHeld() {
        processes.alive(PID, 500L, null);
        assertVerdict(judge.judge(record(null, null, ""), new Lock(true)), Incarnation.MISMATCH, true, false);
    }

    // Row 10
    @Test
    void aTickMatchInsideThisBootIsLiveAndCreateTimeDriftIsHarmless() {
        processes.alive(PID, 500L, BOOT + 100);
        for (double createTime : new double[] {BOOT + 1.0, BOOT + 95, BOOT + 500}) {
            Lock lock = new Lock(false);
            Liveness liveness = judge.judge(record(createTime, 500L, ""), lock);
            assertVerdict(liveness, Incarnation.MATCH, false, true);
            assertEquals(CheckResult.SKIPPED, check(liveness, "predatesBoot").result());
            assertEquals(0, lock.asked.get(), "the lock decides only for a record predating this boot");
        }
        // startTime without createTime: the boot time is never needed.
        assertVerdict(judge(record(null, 500L, "")), Incarnation.MATCH, false, true);
        // An epoch-carrying record is dated by its epoch, not by createTime against the boot time.
        Lock lock = new Lock(false);
        Liveness epoch = judge.judge(record(BOOT - 3600, 500L, EPOCH), lock);
        assertVerdict(epoch, Incarnation.MATCH, false, true);
        assertEquals("the boot epoch decides", check(epoch, "predatesBoot").evidence());
        assertEquals(0, lock.asked.get());
    }

    @Test
    void anUnreadableBootTimeNeverMakesALegacyRecordStale() {
        processes.alive(PID, 500L, null).bootTime(null);
        assertVerdict(judge(record(1.0, 500L, "")), Incarnation.MATCH, false, true);
    }

    // Row 11
    @Test
    void anEmptyBootEpochIsALegacyRecord() {
        processes.alive(PID, 500L, BOOT + 5).bootEpoch("");
        Liveness liveness = judge(record(BOOT + 5, 500L, ""));
        assertVerdict(liveness, Incarnation.MATCH, false, true);
        assertEquals(CheckResult.SKIPPED, check(liveness, "bootEpoch").result());
    }

    @Test
    void aProtocolMismatchIsStaleWhateverTheIncarnation() {
        processes.alive(PID, 500L, BOOT + 5);
        HostRecord future = new HostRecord(Role.SERVE, "", PID, BOOT + 5, 500L, EPOCH, "", 9119, 2, "", List.of(), "");
        Liveness liveness = judge(future);
        assertEquals(Incarnation.MATCH, liveness.incarnation());
        assertTrue(liveness.stale());
        assertEquals(List.of(ReasonCode.PROTOCOL_MISMATCH), codes(liveness));
        assertEquals(CheckResult.FAIL, check(liveness, "protocolVersion").result());
        assertEquals("protocolVersion 2, expected 1", check(liveness, "protocolVersion").evidence());
    }

    @Test
    void updatedAtNeverDecides() {
        processes.alive(PID, 500L, BOOT + 5);
        HostRecord record = record(BOOT + 5, 500L, EPOCH);
        for (String updatedAt : new String[] {"2999-01-01T00:00:00.000000+00:00", "1970-01-01T00:00:00.000000+00:00", "garbage", ""}) {
            assertVerdict(judge(record.withUpdatedAt(updatedAt)), Incarnation.MATCH, false, true);
        }
    }

    @Test
    void everyCheckCarriesEvidence() {
        processes.alive(PID, 500L, BOOT + 5);
        Liveness liveness = judge(record(BOOT + 5, 500L, EPOCH));
        assertEquals("protocolVersion=PASS bootEpoch=PASS incarnationFields=PASS pidAlive=PASS startTicks=PASS predatesBoot=SKIPPED",
                checks(liveness));
        for (Check check : liveness.checks()) {
            assertFalse(check.evidence().isBlank(), check.toString());
        }
    }

    /** The real inspector against this very process: hermes' truth table rows that need no fake. */
    @Test
    void theSystemInspectorProvesThisProcessAndRejectsADeadOne() throws Exception {
        assumeTrue(Platform.current().hasProcFs(), "the /proc inspector is Linux only");
        ProcessInspector system = ProcessInspector.system();
        LivenessJudge real = new LivenessJudge(system);
        long self = Platform.currentPid();
        HostRecord own = Fixtures.rendezvous(Path.of("unused"))
                .ownRecord(Role.GATEWAY, "", null, List.of(), "", "");
        assertVerdict(real.judge(own, () -> false), Incarnation.MATCH, false, true);
        assertVerdict(real.judge(own.withStartTime(own.startTime() + 201), () -> false), Incarnation.MISMATCH, true, false);
        assertVerdict(real.judge(own.withStartTime(null).withCreateTime(1.0).withBootEpoch(""), () -> false),
                Incarnation.MISMATCH, true, false);
        assertVerdict(real.judge(own.withCreateTime(own.createTime() - 5), () -> false), Incarnation.MATCH, false, true);
        assertVerdict(real.judge(own.withPid(Fixtures.deadPid()), () -> false), Incarnation.MISMATCH, true, false);
        assertEquals(self, own.pid());
    }
}
