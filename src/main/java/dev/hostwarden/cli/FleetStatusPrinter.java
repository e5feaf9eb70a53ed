package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.fleet.FleetConfig;
import dev.hostwarden.fleet.FleetSection;
import dev.hostwarden.report.ReportJson;
import dev.hostwarden.report.ReportText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * {@code status} with a fleet: the host verdicts exactly as without one, each role's reasons extended
 * by the fleet's, and a {@code fleet} section per role (endpoints, key, state, holder, lease time left,
 * revision). Read-only on the host and in etcd.
 */
final class FleetStatusPrinter {
    private FleetStatusPrinter() {
    }

    static int execute(HostRendezvous rendezvous, List<Role> roles, Output output, FleetConfig config) {
        List<Role> wanted = roles == null || roles.isEmpty() ? Arrays.asList(Role.values()) : List.copyOf(new LinkedHashSet<>(roles));
        Map<Role, FleetSection> sections = new LinkedHashMap<>();
        Map<Role, RoleExtras> extras = new EnumMap<>(Role.class);
        List<RoleReport> reports = new ArrayList<>();
        for (RoleReport local : new RoleInspector(rendezvous, true).inspectAll(wanted)) {
            FleetSection section = FleetSupport.inspect(config, local);
            sections.put(local.role(), section);
            RoleExtras more = RoleExtras.of(rendezvous, local);
            extras.put(local.role(), more);
            reports.add(more.withReasons(withFleetReasons(local, section)));
        }
        StatusPrinter.ExtrasFields supervision = new StatusPrinter.ExtrasFields(extras);
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), reports, (writer, report) -> {
                supervision.write(writer, report);
                writeSection(writer, sections.get(report.role()));
            }));
        } else {
            output.out().printf("lock dir  %s (from %s)%n", rendezvous.dir().path(), rendezvous.dir().source());
            output.out().printf("fleet     %s%n", config.describeEndpoints());
            for (RoleReport report : reports) {
                output.out().println();
                ReportText.status(output.out(), rendezvous.dir(), report);
                extras.get(report.role()).print(output.out());
                output.out().printf("  fleet   %s%n", describe(sections.get(report.role())));
            }
            output.out().flush();
        }
        return wanted.size() == 1 ? exitCode(reports.get(0), sections.get(wanted.get(0))) : StatusPrinter.severalRolesExit(reports);
    }

    /**
     * {@code explain ROLE} with a fleet: the host proof exactly as without one, the fleet's reasons
     * after the host's, then the fleet section and what it means for a new owner here.
     */
    static int explain(HostRendezvous rendezvous, Role role, Output output, FleetConfig config) {
        RoleReport local = new RoleInspector(rendezvous, true).inspect(role);
        FleetSection section = FleetSupport.inspect(config, local);
        RoleReport report = withFleetReasons(local, section);
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), List.of(report), (writer, ignored) -> writeSection(writer, section)));
        } else {
            ReportText.explain(output.out(), report);
            output.out().println("Fleet:");
            output.out().printf("  endpoints:   %s%n", section.endpoints());
            output.out().printf("  lease:       %s%n", describe(section));
            output.out().printf("  a new owner: %s%n", newOwner(section));
            output.out().flush();
        }
        return exitCode(report, section);
    }

    /** What {@code run ROLE --fleet} would meet in the fleet, after the host lock. */
    private static String newOwner(FleetSection section) {
        return switch (section.state()) {
            case FREE -> "would create " + section.key() + " on a new lease and serve";
            case HELD_HERE -> "would be refused: this machine's owner holds the fleet lease";
            case HELD_ELSEWHERE -> "would be refused (exit 75) while " + section.holder().describe() + " holds the fleet lease; with --wait it stands by";
            case FENCED -> "would create " + section.key() + " once free; the local owner has lost the lease and should stop";
            case UNREACHABLE -> "would exit 78: the fleet cannot be reached";
        };
    }

    private static RoleReport withFleetReasons(RoleReport local, FleetSection section) {
        return section.appliedTo(local);
    }

    /** The host verdict's code, except that no local owner is not "no owner" when the fleet has one (0) or cannot say (4). */
    static int exitCode(RoleReport report, FleetSection section) {
        if (report.verdict() == Verdict.NO_OWNER && section.state() == FleetSection.State.HELD_ELSEWHERE) {
            return 0;
        }
        if (report.verdict() != Verdict.LIVE && section.state() == FleetSection.State.UNREACHABLE) {
            return 4;
        }
        if (section.state() == FleetSection.State.FENCED) {
            return 1;
        }
        return report.verdict().exitCode();
    }

    static String describe(FleetSection section) {
        String state = section.state().name();
        if (section.holder() == null) {
            return state + " " + section.key();
        }
        return state + " " + section.key() + ": " + section.holder().describe() + ", revision " + section.revision()
                + (section.ttlLeft() >= 0 ? ", lease " + section.ttlLeft() + " s left" : "");
    }

    private static void writeSection(JsonWriter writer, FleetSection section) {
        writer.writeObjectFieldStart("fleet");
        writer.writeStringField("endpoints", section.endpoints());
        writer.writeStringField("key", section.key());
        writer.writeStringField("state", section.state().name());
        if (section.holder() == null) {
            writer.writeNullField("holder");
        } else {
            writer.writeObjectFieldStart("holder");
            writer.writeStringField("host", section.holder().host());
            writer.writeNumberField("pid", section.holder().pid());
            writer.writeStringField("since", section.holder().since());
            writer.writeEndObject();
        }
        writer.writeNumberField("leaseSecondsLeft", section.ttlLeft());
        writer.writeNumberField("revision", section.revision());
        writer.writeEndObject();
    }
}
