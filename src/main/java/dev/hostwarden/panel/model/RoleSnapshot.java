package dev.hostwarden.panel.model;

import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.health.Health;
import dev.hostwarden.health.PlatformState;
import java.util.List;

/**
 * One role at one refresh: the core's report plus the core's own dry-run retract, whose refusal is
 * the reason shown when Retract is disabled, the fleet's line ("" without a fleet; the report then
 * carries the fleet's reasons after the host's), and the gateway's health beyond its PID (null for
 * other roles and without a runtime status file; the report then carries its reasons). All read-only.
 */
public record RoleSnapshot(RoleReport report, RetractResult dryRun, String fleetLine, Health health) {

    public RoleSnapshot(RoleReport report, RetractResult dryRun) {
        this(report, dryRun, "", null);
    }

    public RoleSnapshot(RoleReport report, RetractResult dryRun, String fleetLine) {
        this(report, dryRun, fleetLine, null);
    }

    /** The platforms of a current runtime status file; empty otherwise (a retained file's are history). */
    public List<PlatformState> currentPlatforms() {
        return health != null && health.current() ? health.platforms() : List.of();
    }

    /** The live gateway says a person is needed: a platform needs attention, or it serves degraded. */
    public boolean needsAttention() {
        return health != null && health.current() && (!health.needingAttention().isEmpty() || "degraded".equals(health.gatewayState()));
    }

    /** Why "Retract dead record" is disabled now, in the core's words; null while it is enabled. */
    public String retractDisabledReason() {
        if (report.retractable()) {
            return null;
        }
        if (dryRun.refused() != null) {
            return dryRun.refused().message();
        }
        if (report.verdict() == Verdict.UNUSABLE) {
            return "The lock directory cannot be used";
        }
        return "Nothing to retract: no record or token is published";
    }
}
