package dev.hostwarden.doctor;

import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.CommandHint;
import java.util.ArrayList;
import java.util.List;

/** Host records whose owner is gone (STALE): discovery skips them, but they confuse people and scripts. */
final class HostRecordCheck implements DoctorCheck {
    static final String NAME = "hostRecords";

    @Override
    public Finding run(DoctorContext context) {
        List<String> stale = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        RoleInspector inspector = new RoleInspector(context.rendezvous(), false);
        for (Role role : Role.values()) {
            RoleReport report = inspector.inspect(role);
            if (report.verdict() == Verdict.STALE) {
                HostRecord record = report.record().recordOrNull();
                String reason = report.reasons().isEmpty() ? "" : ": " + report.reasons().get(0).message();
                stale.add(role + (record == null ? "" : " (record names PID " + record.pid() + ")") + reason);
                fixes.add(CommandHint.of(context.rendezvous().dir(), "retract " + role));
            }
        }
        if (stale.isEmpty()) {
            return Finding.ok(NAME, "no stale host record");
        }
        return Finding.warn(NAME, "stale: " + String.join("; ", stale), String.join(" && ", fixes));
    }
}
