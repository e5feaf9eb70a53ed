package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.ReportJson;
import dev.hostwarden.report.ReportText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

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
        RoleInspector inspector = new RoleInspector(rendezvous, true);
        Map<Role, RoleReport> inspected = new EnumMap<>(Role.class);
        Map<Role, RoleExtras> extras = new EnumMap<>(Role.class);
        for (Role role : gatewayLast(wanted)) {
            RoleReport report = inspector.inspect(role);
            RoleExtras more = RoleExtras.of(rendezvous, report);
            extras.put(role, more);
            inspected.put(role, more.withReasons(report));
        }
        List<RoleReport> reports = new ArrayList<>();
        for (Role role : wanted) {
            reports.add(inspected.get(role));
        }
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), reports, new ExtrasFields(extras)));
        } else {
            // println, not printf: java.util.Formatter costs a fresh JVM more than the whole report.
            output.out().println("lock dir  " + rendezvous.dir().path() + " (from " + rendezvous.dir().source() + ")");
            for (RoleReport report : reports) {
                output.out().println();
                ReportText.status(output.out(), rendezvous.dir(), report);
                extras.get(report.role()).print(output.out());
            }
            output.out().flush();
        }
        return wanted.size() == 1 ? reports.get(0).verdict().exitCode() : severalRolesExit(reports);
    }

    /**
     * The order the roles are looked at (they are reported in the order asked): the gateway last. It is
     * asked through its Unix socket, whose first use in a JVM sets up the JDK's security providers
     * (FastStatus starts that on a second thread), and the other roles' looks fill that wait.
     */
    static List<Role> gatewayLast(List<Role> wanted) {
        if (!wanted.contains(Role.GATEWAY) || wanted.get(wanted.size() - 1) == Role.GATEWAY) {
            return wanted;
        }
        List<Role> order = new ArrayList<>(wanted);
        order.remove(Role.GATEWAY);
        order.add(Role.GATEWAY);
        return order;
    }

    /** Each role's {@code supervision} and {@code health} fields. A named class, not a lambda: status runs in a fresh JVM that links none. */
    static class ExtrasFields implements ReportJson.RoleExtra {
        private final Map<Role, RoleExtras> extras;

        ExtrasFields(Map<Role, RoleExtras> extras) {
            this.extras = extras;
        }

        @Override
        public void write(JsonWriter writer, RoleReport report) {
            extras.get(report.role()).write(writer);
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
