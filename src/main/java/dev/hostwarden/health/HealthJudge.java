package dev.hostwarden.health;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.LivenessJudge;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.Redactor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Judges a gateway's runtime status file with the same proof that judges its host record: the file is
 * current only when its writer is the live owner (same PID, start time within hermes' drift
 * tolerance; the PID alone where the file or the OS gives no start time). Reads one small file and
 * writes nothing. Only the gateway role has one; every other role's health is empty.
 */
public final class HealthJudge {
    private final ProcessInspector inspector;
    private final Redactor redactor;

    /** {@code redactor} cleans every platform message that reaches a reason's words. */
    public HealthJudge(ProcessInspector inspector, Redactor redactor) {
        this.inspector = inspector;
        this.redactor = redactor;
    }

    /**
     * The health of {@code report}'s gateway: its owner's home's file (the record's home, else
     * {@code defaultHome} when no record names one). Empty for other roles, and where there is no file.
     */
    public Optional<Health> judge(RoleReport report, Path defaultHome) {
        if (report.role() != Role.GATEWAY) {
            return Optional.empty();
        }
        HostRecord record = report.record().recordOrNull();
        Path home = record != null && !record.home().isEmpty() ? HermesHome.ownerHome(record) : defaultHome;
        Long livePid = report.verdict() == Verdict.LIVE && record != null ? record.pid() : null;
        return judge(home, livePid);
    }

    /** The health of the gateway whose home is {@code home}, whose proven live owner is {@code livePid} (null: none). */
    public Optional<Health> judge(Path home, Long livePid) {
        // No lambda: status runs this in a fresh JVM, where linking the first one costs more than the judgement.
        Optional<GatewayState> state = GatewayStateReader.read(home);
        return state.isPresent() ? Optional.of(judge(state.get(), livePid)) : Optional.empty();
    }

    Health judge(GatewayState state, Long livePid) {
        if (!state.usable()) {
            return new Health(state.file(), false, null, null, null, null, null, List.of(),
                    List.of(new Reason(ReasonCode.GATEWAY_STATE_UNREADABLE, "The gateway's runtime status " + state.file() + " "
                            + state.problem() + "; it says nothing about the gateway's health")));
        }
        boolean current = writtenByTheLiveOwner(state, livePid);
        List<Reason> reasons = new ArrayList<>();
        String from = current ? "" : " (retained from PID " + state.writerPid() + ", which is not the live owner)";
        if (state.desiredState() != null && state.desiredState().equals("stopped")) {
            reasons.add(new Reason(ReasonCode.STOPPED_BY_OPERATOR, "The operator stopped this gateway on purpose (desired_state: stopped"
                    + (state.updatedAt() == null ? "" : " at " + state.updatedAt()) + ")" + from));
        } else if ("startup_failed".equals(state.gatewayState()) && (current || livePid == null)) {
            reasons.add(new Reason(ReasonCode.STARTUP_FAILED, "The gateway failed to start" + (state.exitReason() == null ? ""
                    : ": " + redactor.redact(state.exitReason())) + from));
        }
        if (current && "degraded".equals(state.gatewayState())) {
            reasons.add(new Reason(ReasonCode.GATEWAY_DEGRADED, "The gateway serves in a degraded state" + (state.exitReason() == null ? ""
                    : " (" + redactor.redact(state.exitReason()) + ")")));
        }
        if (current) {
            for (PlatformState platform : state.platforms()) {
                if (platform.needsAttention()) {
                    reasons.add(new Reason(ReasonCode.PLATFORM_NEEDS_ATTENTION, "Platform " + platform.describe() + " needs attention"
                            + (platform.errorCode() == null ? "" : ": " + platform.errorCode())
                            + (platform.errorMessage() == null ? "" : " (" + redactor.redact(platform.errorMessage()) + ")")
                            + (platform.since() == null ? "" : " since " + platform.since())));
                }
            }
        }
        return new Health(state.file(), current, state.writerPid(), state.gatewayState(), state.exitReason(), state.desiredState(),
                state.updatedAt(), state.platforms(), reasons);
    }

    /** The writer is the live owner: the same PID and start time wrote the file. */
    private boolean writtenByTheLiveOwner(GatewayState state, Long livePid) {
        if (livePid == null || state.writerPid() == null || !state.writerPid().equals(livePid)) {
            return false;
        }
        Long now = inspector.startTicks(livePid);
        if (state.writerStartTime() == null || now == null) {
            return true;
        }
        return Math.abs(now - state.writerStartTime()) <= LivenessJudge.START_TIME_DRIFT_TOLERANCE;
    }
}
