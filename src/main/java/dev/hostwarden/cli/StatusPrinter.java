package dev.hostwarden.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.ReportJson;
import dev.hostwarden.report.ReportText;
import dev.hostwarden.supervise.SupervisionRecord;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
        List<RoleReport> inspected = new RoleInspector(rendezvous, true).inspectAll(wanted);
        List<RoleReport> reports = new ArrayList<>();
        Map<Role, Optional<SupervisionRecord>> supervisors = new EnumMap<>(Role.class);
        for (RoleReport report : inspected) {
            Optional<SupervisionRecord> supervisor = Supervision.of(rendezvous.dir(), report);
            supervisors.put(report.role(), supervisor);
            reports.add(Supervision.withReasons(report, supervisor));
        }
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), reports, new SupervisionField(supervisors)));
        } else {
            // println, not printf: java.util.Formatter costs a fresh JVM more than the whole report.
            output.out().println("lock dir  " + rendezvous.dir().path() + " (from " + rendezvous.dir().source() + ")");
            for (RoleReport report : reports) {
                output.out().println();
                ReportText.status(output.out(), rendezvous.dir(), report);
                Supervision.print(output.out(), supervisors.get(report.role()));
            }
            output.out().flush();
        }
        return wanted.size() == 1 ? reports.get(0).verdict().exitCode() : severalRolesExit(reports);
    }

    /** Each role's {@code supervision} field. A named class, not a lambda: status runs in a fresh JVM that links none. */
    static class SupervisionField implements ReportJson.RoleExtra {
        private final Map<Role, Optional<SupervisionRecord>> supervisors;

        SupervisionField(Map<Role, Optional<SupervisionRecord>> supervisors) {
            this.supervisors = supervisors;
        }

        @Override
        public void write(JsonGenerator generator, RoleReport report) throws IOException {
            Supervision.write(generator, supervisors.getOrDefault(report.role(), Optional.empty()));
        }
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
