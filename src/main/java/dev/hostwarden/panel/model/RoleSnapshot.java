package dev.hostwarden.panel.model;

import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;

/**
 * One role at one refresh: the core's report plus the core's own dry-run retract, whose refusal is
 * the reason shown when Retract is disabled, and the fleet's line ("" without a fleet; the report then
 * carries the fleet's reasons after the host's). All read-only.
 */
public record RoleSnapshot(RoleReport report, RetractResult dryRun, String fleetLine) {

    public RoleSnapshot(RoleReport report, RetractResult dryRun) {
        this(report, dryRun, "");
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
