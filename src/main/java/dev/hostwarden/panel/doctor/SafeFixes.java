package dev.hostwarden.panel.doctor;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.profiles.ProfileState;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.doctor.DoctorContext;
import dev.hostwarden.doctor.Finding;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Which doctor findings have a fix safe enough for a button, from what the checks looked at:
 * clearing an expired planned-stop marker (the action keeps a live one) and retracting a dead owner's
 * record (the same action as the card's Retract, which re-checks under the host lock). Both are the
 * {@link Actions} every entry point calls. Everything else stays a one-line fix for a person.
 */
final class SafeFixes {
    /** The doctor's check names these fixes answer. */
    static final String EXPIRED_MARKERS = "expiredMarkers";
    static final String HOST_RECORDS = "hostRecords";

    private SafeFixes() {
    }

    static List<SafeFix> of(Finding finding, DoctorContext context, Actions actions) {
        if (finding.result() == Finding.Result.OK) {
            return List.of();
        }
        return switch (finding.name()) {
            case EXPIRED_MARKERS -> markerFixes(context, actions);
            case HOST_RECORDS -> retractFixes(context.rendezvous(), actions);
            default -> List.of();
        };
    }

    private static List<SafeFix> markerFixes(DoctorContext context, Actions actions) {
        List<SafeFix> fixes = new ArrayList<>();
        for (ProfileState profile : context.profiles().profiles()) {
            if (profile.marker() != null && profile.marker().clearable()) {
                Path home = profile.home();
                fixes.add(new SafeFix("clear-marker-" + profile.name(), "Clear expired marker (" + profile.name() + ")",
                        "Remove " + profile.marker().path() + "? It " + profile.marker().describe()
                                + ". It is removed only if it is still expired when this runs.",
                        () -> actions.clearMarker(home, false).words()));
            }
        }
        return fixes;
    }

    private static List<SafeFix> retractFixes(HostRendezvous rendezvous, Actions actions) {
        List<SafeFix> fixes = new ArrayList<>();
        RoleInspector inspector = new RoleInspector(rendezvous, false);
        for (Role role : Role.values()) {
            RoleReport report = inspector.inspect(role);
            if (report.verdict() == Verdict.STALE && report.retractable()) {
                String files = report.retractPaths().stream().map(Path::toString).collect(Collectors.joining(", "));
                fixes.add(new SafeFix("retract-" + role.wireName(), "Retract dead " + role + " record",
                        "Remove " + files + "? The owner it names is gone; it is removed only if that is still so when this runs.",
                        () -> actions.retract(role, false).words()));
            }
        }
        return fixes;
    }
}
