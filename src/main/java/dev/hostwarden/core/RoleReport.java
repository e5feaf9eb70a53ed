package dev.hostwarden.core;

import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.proof.Check;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.Liveness;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.RecordRead;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything known about one role at one moment: the verdict, what it rests on, and whether a
 * retract would remove something now. {@code status}, {@code explain} and the panel all show this.
 *
 * @param manualFix what a person must do by hand because retract cannot clear the leftover (a
 *                  directory with entries at the record path), or null
 */
public record RoleReport(
        Role role,
        Verdict verdict,
        RecordRead record,
        LockProbe lock,
        Liveness liveness,
        List<Reason> reasons,
        List<Check> checks,
        boolean retractable,
        List<Path> retractPaths,
        String manualFix) {

    public RoleReport {
        reasons = List.copyOf(reasons);
        checks = List.copyOf(checks);
        retractPaths = List.copyOf(retractPaths);
    }

    /** The same report with {@code more} reasons after its own (what the core cannot see: a supervisor's, a fleet's). */
    public RoleReport withReasons(List<Reason> more) {
        if (more.isEmpty()) {
            return this;
        }
        List<Reason> all = new ArrayList<>(reasons);
        all.addAll(more);
        return new RoleReport(role, verdict, record, lock, liveness, all, checks, retractable, retractPaths, manualFix);
    }

    /**
     * The rendezvous directory itself cannot be used (not only this role's lock file): its check
     * failed. A loop, not a stream: status calls this in a fresh JVM that links no lambda.
     */
    public boolean directoryUnusable() {
        for (Check check : checks) {
            if (check.name().equals("lockDir") && check.result() == CheckResult.FAIL) {
                return true;
            }
        }
        return false;
    }

    public boolean hasReason(ReasonCode code) {
        return reasons.stream().anyMatch(reason -> reason.code() == code);
    }
}
