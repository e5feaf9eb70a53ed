package dev.hostwarden.panel.profiles;

import dev.hostwarden.core.profiles.Leftover;
import dev.hostwarden.core.profiles.MarkerView;
import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.profiles.ProfileState;
import dev.hostwarden.core.profiles.StandaloneGateway;
import dev.hostwarden.health.PlatformState;
import dev.hostwarden.panel.model.Describe;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One profile home as a row of the Profiles view: the core's {@link ProfileState} and the short texts
 * its columns show. Only strings and the state the core already built: a row is cheap, so 300 of them
 * cost little; the full words (the same as {@code hostwarden profiles}) are made when a row is selected.
 */
public record ProfileRow(ProfileState state, String name, String served, String platforms, String standalone, String marker,
                         String leftovers, String reasons) {

    /** What the Served column shows: known only from the owner's live identify answer. */
    public static final String YES = "yes";
    public static final String NO = "no";
    public static final String UNKNOWN = "unknown";

    public static ProfileRow of(ProfileState state) {
        return of(state, List.of());
    }

    /** The row with the live gateway's {@code platforms} of this profile (its current runtime status; none when unknown). */
    public static ProfileRow of(ProfileState state, List<PlatformState> platforms) {
        return new ProfileRow(state, ProfileHomes.printable(state.name()),
                state.served() == null ? UNKNOWN : state.served() ? YES : NO, platformsText(platforms),
                standaloneText(state.standalone()), markerText(state.marker()), leftoversText(state.leftovers()),
                String.join("; ", reasons(state)));
    }

    /** "✓ telegram · ⚠ discord": one glyph and name per platform, "—" when the gateway says nothing of this profile. */
    private static String platformsText(List<PlatformState> platforms) {
        if (platforms.isEmpty()) {
            return "—";
        }
        List<String> shown = new ArrayList<>();
        for (PlatformState platform : platforms) {
            shown.add(switch (platform.condition()) {
                case CONNECTED -> "✓";
                case CONNECTING -> "↻";
                case FAILED -> "✗";
                case NEEDS_ATTENTION -> "⚠";
            } + " " + platform.name());
        }
        return String.join(" · ", shown);
    }

    public Path home() {
        return state.home();
    }

    /** True when something about this home needs a look: the Notes column then says what. */
    public boolean odd() {
        return !reasons.isEmpty();
    }

    /** "Clear expired marker" may remove this home's marker (past its TTL or naming a process that is gone). */
    public boolean markerClearable() {
        return state.marker() != null && state.marker().clearable();
    }

    /** The home's gateway log, where hermes writes it; it may not exist. */
    public Path gatewayLog() {
        return state.home().resolve("logs").resolve("gateway.log");
    }

    private static String standaloneText(StandaloneGateway standalone) {
        if (standalone == null) {
            return "—";
        }
        return (standalone.pid() == null ? "PID unknown" : "PID " + standalone.pid()) + (standalone.proven() ? " (proven)" : " (not proven)");
    }

    private static String markerText(MarkerView marker) {
        if (marker == null) {
            return "—";
        }
        if (marker.contents() == null) {
            return "unusable: " + marker.problem();
        }
        String age = marker.age() == null ? "age unknown" : "age " + Describe.roughDuration(marker.age().toSeconds());
        return "PID " + marker.contents().targetPid() + ", " + age + (marker.expired() ? ", expired" : "")
                + (marker.clearable() ? " (clearable)" : "");
    }

    private static String leftoversText(List<Leftover> leftovers) {
        if (leftovers.isEmpty()) {
            return "—";
        }
        String first = leftovers.get(0).file().getFileName().toString() + (leftovers.get(0).pid() == null ? "" : " (PID " + leftovers.get(0).pid() + ")");
        return leftovers.size() == 1 ? first : first + " +" + (leftovers.size() - 1) + " more";
    }

    /** Every odd state of the home with its reason; empty for a home with nothing to look at. */
    static List<String> reasons(ProfileState state) {
        List<String> reasons = new ArrayList<>();
        if (!state.problem().isEmpty()) {
            reasons.add(state.problem());
        }
        if (state.served() == null) {
            reasons.add("served " + state.servedWhy());
        }
        if (state.standalone() != null) {
            reasons.add("standalone gateway: " + state.standalone().why());
        }
        MarkerView marker = state.marker();
        if (marker != null && (marker.clearable() || !marker.problem().isEmpty())) {
            reasons.add("planned-stop marker: " + marker.describe());
        }
        for (Leftover leftover : state.leftovers()) {
            reasons.add("leftover: " + leftover.why());
        }
        return reasons;
    }

    /** The full words for this home, as {@code hostwarden profiles} prints them, plus the lock and why it is (not) served. */
    public String details() {
        StringBuilder out = new StringBuilder();
        out.append(name).append("   ").append(state.served() == null ? "served: unknown" : state.served() ? "served" : "not served")
                .append("   ").append(state.home()).append('\n');
        out.append("    served: ").append(state.servedWhy()).append('\n');
        if (!state.problem().isEmpty()) {
            out.append("    problem: ").append(state.problem()).append('\n');
        }
        if (state.lock() != null) {
            out.append("    gateway.lock: ").append(Describe.lock(state.lock())).append('\n');
        }
        StandaloneGateway standalone = state.standalone();
        if (standalone != null) {
            out.append("    standalone gateway: ").append(standalone.pid() == null ? "PID unknown" : "PID " + standalone.pid())
                    .append(standalone.proven() ? " (proven: " : " (not proven: ").append(standalone.why()).append(")\n");
        }
        if (state.marker() != null) {
            out.append("    planned-stop marker: ").append(state.marker().describe()).append('\n');
        }
        for (Leftover leftover : state.leftovers()) {
            out.append("    leftover: ").append(leftover.why()).append(" (").append(leftover.file()).append(")\n");
        }
        return out.toString().stripTrailing();
    }
}
