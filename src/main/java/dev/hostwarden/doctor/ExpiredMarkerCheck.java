package dev.hostwarden.doctor;

import dev.hostwarden.core.profiles.ProfileState;
import dev.hostwarden.report.CommandHint;
import java.util.ArrayList;
import java.util.List;

/** Planned-stop markers past their TTL (or naming a process that is gone): a later owner never obeys them, a person may. */
final class ExpiredMarkerCheck implements DoctorCheck {
    static final String NAME = "expiredMarkers";

    @Override
    public Finding run(DoctorContext context) {
        List<String> found = new ArrayList<>();
        List<String> fixes = new ArrayList<>();
        for (ProfileState profile : context.profiles().profiles()) {
            if (profile.marker() != null && profile.marker().clearable()) {
                found.add("profile " + profile.name() + ": " + profile.marker().path() + " " + profile.marker().describe());
                fixes.add(CommandHint.of(context.rendezvous().dir(), "profiles clear-marker " + CommandHint.shellQuoted(profile.name())));
            }
        }
        if (found.isEmpty()) {
            return Finding.ok(NAME, "no expired planned-stop marker");
        }
        return Finding.warn(NAME, String.join("; ", found), String.join(" && ", fixes));
    }
}
