package dev.hostwarden.panel.doctor;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.profiles.MarkerClearance;
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
 * clearing an expired planned-stop marker ({@link MarkerClearance}, which keeps a live one) and
 * retracting a dead owner's record (the core's retractor, as the card's Retract, which re-checks
 * under the host lock). Everything else stays a one-line fix for a person.
 */
final class SafeFixes {
    /** The doctor's check names these fixes answer. */
    static final String EXPIRED_MARKERS = "expiredMarkers";
    static final String HOST_RECORDS = "hostRecords";

    private SafeFixes() {
    }

    static List<SafeFix> of(Finding finding, DoctorContext context) {
        if (finding.result() == Finding.Result.OK) {
            return List.of();
        }
        return switch (finding.name()) {
            case EXPIRED_MARKERS -> markerFixes(context);
            case HOST_RECORDS -> retractFixes(context.rendezvous());
            default -> List.of();
        };
    }

    private static List<SafeFix> markerFixes(DoctorContext context) {
        List<SafeFix> fixes = new ArrayList<>();
        for (ProfileState profile : context.profiles().profiles()) {
            if (profile.marker() != null && profile.marker().clearable()) {
                Path home = profile.home();
                fixes.add(new SafeFix("clear-marker-" + profile.name(), "Clear expired marker (" + profile.name() + ")",
                        "Remove " + profile.marker().path() + "? It " + profile.marker().describe()
                                + ". It is removed only if it is still expired when this runs.",
                        () -> describe(MarkerClearance.clear(home, context.rendezvous().inspector(), false))));
            }
        }
        return fixes;
    }

    private static List<SafeFix> retractFixes(HostRendezvous rendezvous) {
        List<SafeFix> fixes = new ArrayList<>();
        RoleInspector inspector = new RoleInspector(rendezvous, false);
        for (Role role : Role.values()) {
            RoleReport report = inspector.inspect(role);
            if (report.verdict() == Verdict.STALE && report.retractable()) {
                String files = report.retractPaths().stream().map(Path::toString).collect(Collectors.joining(", "));
                fixes.add(new SafeFix("retract-" + role.wireName(), "Retract dead " + role + " record",
                        "Remove " + files + "? The owner it names is gone; it is removed only if that is still so when this runs.",
                        () -> describe(rendezvous.retractor().retract(role, false))));
            }
        }
        return fixes;
    }

    static String describe(MarkerClearance.Result result) {
        return result.outcome() == MarkerClearance.Outcome.CLEARED ? "Removed " + result.path() : result.message();
    }

    static String describe(RetractResult result) {
        return switch (result.outcome()) {
            case REMOVED -> "Removed " + result.removed().stream().map(Path::toString).collect(Collectors.joining(", "));
            case NOTHING -> "Nothing to retract for " + result.role();
            default -> "Refused: " + (result.refused() == null ? result.outcome().name() : result.refused().message());
        };
    }
}
