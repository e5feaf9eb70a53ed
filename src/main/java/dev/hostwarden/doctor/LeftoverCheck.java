package dev.hostwarden.doctor;

import dev.hostwarden.core.profiles.Leftover;
import dev.hostwarden.core.profiles.ProfileState;
import java.util.ArrayList;
import java.util.List;

/**
 * Per-home files naming a gateway that is gone ({@code gateway.pid}, {@code gateway_state.json}
 * saying running for a dead PID): they disagree with the host record and mislead status scripts.
 */
final class LeftoverCheck implements DoctorCheck {
    static final String NAME = "homeLeftovers";

    @Override
    public Finding run(DoctorContext context) {
        List<String> found = new ArrayList<>();
        for (ProfileState profile : context.profiles().profiles()) {
            for (Leftover leftover : profile.leftovers()) {
                found.add("profile " + profile.name() + ": " + leftover.why() + " (" + leftover.file() + ")");
            }
        }
        if (found.isEmpty()) {
            return Finding.ok(NAME, "no home names a gateway that is gone (" + context.profiles().profiles().size() + " homes)");
        }
        return Finding.warn(NAME, String.join("; ", found), "hermes replaces these at its next start; to tidy now, delete the files named");
    }
}
