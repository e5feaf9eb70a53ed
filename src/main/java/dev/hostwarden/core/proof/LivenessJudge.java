package dev.hostwarden.core.proof;

import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.process.BootEpochs;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.BooleanSupplier;

/**
 * hermes' {@code _record_incarnation_matches} decision table (hermes-reference section 5.2), rows
 * applied top to bottom, first match wins, each step recorded as a check with its evidence.
 */
public final class LivenessJudge {
    /** hermes' START_TIME_DRIFT_TOLERANCE, inclusive: |current - recorded| <= 200 matches. */
    public static final long START_TIME_DRIFT_TOLERANCE = 200;
    /** The legacy createTime proof: |live - recorded| < 2.0 s, strict. */
    public static final double CREATE_TIME_TOLERANCE_S = 2.0;
    /** Slack before "the record predates this boot", so a boot-time reading's jitter never decides. */
    public static final double PREDATES_BOOT_SLACK_S = 2.0;

    private final ProcessInspector inspector;

    public LivenessJudge(ProcessInspector inspector) {
        this.inspector = inspector;
    }

    public ProcessInspector inspector() {
        return inspector;
    }

    /**
     * Judges a record. {@code hostLockHeld} is asked only when the legacy predates-boot rule needs it,
     * and it must create nothing.
     */
    public Liveness judge(HostRecord record, BooleanSupplier hostLockHeld) {
        Steps steps = new Steps();
        boolean protocolOk = record.protocolVersion() == HostRecord.PROTOCOL_VERSION;
        if (protocolOk) {
            steps.check("protocolVersion", CheckResult.PASS, "protocolVersion " + record.protocolVersion());
        } else {
            steps.check("protocolVersion", CheckResult.FAIL, "protocolVersion " + record.protocolVersion() + ", expected 1");
            steps.reason(ReasonCode.PROTOCOL_MISMATCH, "The record comes from an incompatible version (protocol "
                    + record.protocolVersion() + "); it is never attached to");
        }
        Incarnation incarnation = incarnation(record, hostLockHeld, steps);
        boolean proven = incarnation == Incarnation.MATCH;
        boolean stale = !protocolOk || incarnation == Incarnation.MISMATCH;
        return new Liveness(incarnation, proven, stale, steps.checks, steps.reasons);
    }

    private Incarnation incarnation(HostRecord record, BooleanSupplier hostLockHeld, Steps steps) {
        long pid = record.pid();
        // Rows 1-2: a boot epoch names the boot; a tick match from another boot proves nothing.
        boolean legacy = record.bootEpoch().isEmpty();
        if (legacy) {
            steps.check("bootEpoch", CheckResult.SKIPPED, "legacy record without bootEpoch");
        } else {
            String current = inspector.currentBootEpoch();
            if (current == null || current.isEmpty()) {
                steps.check("bootEpoch", CheckResult.UNPROVABLE, "recorded " + record.bootEpoch() + ", current boot id unreadable");
                steps.reason(ReasonCode.UNPROVABLE, "Cannot verify owner PID " + pid + ": this boot's id cannot be read");
                return Incarnation.UNPROVABLE;
            }
            if (!BootEpochs.match(record.bootEpoch(), current)) {
                steps.check("bootEpoch", CheckResult.FAIL, "recorded " + record.bootEpoch() + ", current " + current);
                steps.reason(ReasonCode.OTHER_BOOT, "The record is from a previous boot (recorded " + record.bootEpoch()
                        + ", now " + current + ")");
                return Incarnation.MISMATCH;
            }
            steps.check("bootEpoch", CheckResult.PASS, "recorded " + record.bootEpoch() + " equals current");
        }
        // Row 3: no incarnation field at all never vouches for a PID, even a live one (#138343).
        if (record.startTime() == null && record.createTime() == null) {
            steps.check("incarnationFields", CheckResult.FAIL, "createTime and startTime are both null");
            steps.reason(ReasonCode.NO_INCARNATION_PROOF, "The record carries no process identity; it cannot vouch for PID " + pid);
            return Incarnation.MISMATCH;
        }
        steps.check("incarnationFields", CheckResult.PASS, "startTime " + record.startTime() + ", createTime " + seconds(record.createTime()));
        // Rows 4-5: the process must exist (a zombie is dead).
        ProcessInspector.PresenceProbe presence = inspector.presence(pid);
        switch (presence.presence()) {
            case DEAD -> {
                steps.check("pidAlive", CheckResult.FAIL, presence.evidence());
                steps.reason(ReasonCode.PID_DEAD, "Owner process PID " + pid + " has exited");
                return Incarnation.MISMATCH;
            }
            case UNKNOWN -> {
                steps.check("pidAlive", CheckResult.UNPROVABLE, presence.evidence());
                steps.reason(ReasonCode.UNPROVABLE, "Cannot verify owner PID " + pid + ": " + presence.evidence());
                return Incarnation.UNPROVABLE;
            }
            default -> steps.check("pidAlive", CheckResult.PASS, presence.evidence());
        }
        if (record.startTime() == null) {
            return legacyCreateTimeProof(record, steps);
        }
        // Rows 6-7: the stable start fingerprint, within the drift tolerance.
        Long current = inspector.startTicks(pid);
        if (current == null) {
            steps.check("startTicks", CheckResult.UNPROVABLE, "the start fingerprint of PID " + pid + " cannot be read");
            steps.reason(ReasonCode.UNPROVABLE, "Cannot verify owner PID " + pid + ": its start fingerprint cannot be read");
            return Incarnation.UNPROVABLE;
        }
        long delta = Math.abs(current - record.startTime());
        String tickEvidence = "recorded " + record.startTime() + ", current " + current + ", |delta| " + delta
                + ", tolerance " + START_TIME_DRIFT_TOLERANCE;
        if (delta > START_TIME_DRIFT_TOLERANCE) {
            steps.check("startTicks", CheckResult.FAIL, tickEvidence);
            steps.reason(ReasonCode.START_TICKS_MISMATCH, "PID " + pid + " was reused (start fingerprint differs by " + delta + ")");
            return Incarnation.MISMATCH;
        }
        steps.check("startTicks", CheckResult.PASS, tickEvidence);
        // Rows 8-9: a legacy record dated before this boot is an early PID reused after a reboot,
        // unless someone holds the host lock (then a forward clock step moved the boot time).
        Double boot = legacy && record.createTime() != null ? inspector.bootTime() : null;
        if (boot != null && record.createTime() < boot - PREDATES_BOOT_SLACK_S) {
            String evidence = "createTime " + seconds(record.createTime()) + " is before this boot at " + seconds(boot);
            if (hostLockHeld.getAsBoolean()) {
                steps.check("predatesBoot", CheckResult.PASS, evidence + ", but the host lock is held");
                return Incarnation.MATCH;
            }
            steps.check("predatesBoot", CheckResult.FAIL, evidence + " and nobody holds the host lock");
            steps.reason(ReasonCode.PREDATES_BOOT_LOCK_FREE, "The record predates this boot and nobody holds the host lock");
            return Incarnation.MISMATCH;
        }
        steps.check("predatesBoot", CheckResult.SKIPPED, legacy ? "createTime is inside this boot or unknown" : "the boot epoch decides");
        return Incarnation.MATCH;
    }

    /** Row 4: a record without startTime proves itself by creation time alone. */
    private Incarnation legacyCreateTimeProof(HostRecord record, Steps steps) {
        long pid = record.pid();
        Double live = inspector.createTime(pid);
        if (live == null) {
            steps.check("createTime", CheckResult.UNPROVABLE, "the creation time of PID " + pid + " cannot be read");
            steps.reason(ReasonCode.UNPROVABLE, "Cannot verify owner PID " + pid + ": its creation time cannot be read");
            return Incarnation.UNPROVABLE;
        }
        double delta = Math.abs(live - record.createTime());
        String evidence = String.format(Locale.ROOT, "recorded %.3f, current %.3f, |delta| %.3f s, tolerance < %.1f s",
                record.createTime(), live, delta, CREATE_TIME_TOLERANCE_S);
        if (delta < CREATE_TIME_TOLERANCE_S) {
            steps.check("createTime", CheckResult.PASS, evidence);
            return Incarnation.MATCH;
        }
        steps.check("createTime", CheckResult.FAIL, evidence);
        steps.reason(ReasonCode.PID_REUSED, "PID " + pid + " now belongs to a different process (creation time differs by "
                + String.format(Locale.ROOT, "%.1f", delta) + " s)");
        return Incarnation.MISMATCH;
    }

    /** Epoch seconds as Python prints them (1764400000.5), or "null". */
    private static String seconds(Double value) {
        return value == null ? "null" : JsonStreams.plainDecimal(value);
    }

    private static final class Steps {
        final List<Check> checks = new ArrayList<>();
        final List<Reason> reasons = new ArrayList<>();

        void check(String name, CheckResult result, String evidence) {
            checks.add(new Check(name, result, evidence));
        }

        void reason(ReasonCode code, String message) {
            reasons.add(new Reason(code, message));
        }
    }
}
