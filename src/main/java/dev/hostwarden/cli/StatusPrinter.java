package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.ReportJson;
import dev.hostwarden.report.ReportText;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * What {@code status} does once its arguments are known: inspect the roles, print the verdicts as
 * text or JSON, choose the exit code. Shared by picocli's {@link StatusCommand} and {@link FastStatus},
 * so it must not link against picocli.
 */
final class StatusPrinter {
    private StatusPrinter() {
    }

    static int execute(HostRendezvous rendezvous, List<Role> roles, Output output) {
        // A role named twice is reported once.
        List<Role> wanted = roles == null || roles.isEmpty() ? Arrays.asList(Role.values()) : List.copyOf(new LinkedHashSet<>(roles));
        List<RoleReport> reports = new RoleInspector(rendezvous, true).inspectAll(wanted);
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), reports));
        } else {
            output.out().printf("lock dir  %s (from %s)%n", rendezvous.dir().path(), rendezvous.dir().source());
            for (RoleReport report : reports) {
                output.out().println();
                ReportText.status(output.out(), rendezvous.dir(), report);
            }
            output.out().flush();
        }
        return wanted.size() == 1 ? reports.get(0).verdict().exitCode() : severalRolesExit(reports);
    }

    /** Several roles: the report was made (0), unless the directory itself could not be used (4). */
    static int severalRolesExit(List<RoleReport> reports) {
        for (RoleReport report : reports) {
            if (report.directoryUnusable()) {
                return 4;
            }
        }
        return 0;
    }
}
