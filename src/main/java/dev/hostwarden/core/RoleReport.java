package dev.hostwarden.core;

import java.util.List;

/**
 * Everything known about one role at one moment: the verdict, what it rests on, and whether a
 * retract would remove something now. {@code status}, {@code explain} and the panel all show this.
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
        List<java.nio.file.Path> retractPaths) {

    public RoleReport {
        reasons = List.copyOf(reasons);
        checks = List.copyOf(checks);
        retractPaths = List.copyOf(retractPaths);
    }

    public boolean hasReason(ReasonCode code) {
        return reasons.stream().anyMatch(reason -> reason.code() == code);
    }
}
