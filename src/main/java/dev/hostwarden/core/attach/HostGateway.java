package dev.hostwarden.core.attach;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The proven host gateway as seen by a starting gateway.
 *
 * @param servedKnown false until the owner's control socket answered with its served set
 */
public record HostGateway(long pid, Path home, List<String> profiles, boolean servedKnown) {
    public HostGateway {
        profiles = List.copyOf(profiles);
    }

    /** Whether it serves {@code profile}; never true while the served set is unknown. */
    public boolean serves(String profile) {
        if (!servedKnown) {
            return false;
        }
        String wanted = profile.toLowerCase(Locale.ROOT);
        return profiles.stream().anyMatch(served -> served.toLowerCase(Locale.ROOT).equals(wanted));
    }

    public String describe() {
        String served = !servedKnown ? "not published yet (its control socket has not answered)"
                : profiles.isEmpty() ? "nothing" : String.join(", ", profiles);
        return "PID " + pid + " (launched from " + home + "; serves: " + served + ")";
    }
}
