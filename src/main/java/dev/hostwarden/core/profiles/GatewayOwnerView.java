package dev.hostwarden.core.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The host gateway owner as far as profiles are concerned: whether one is live, and the profiles it
 * serves, known only from a live {@code identify} answer on its control socket, never from the record.
 *
 * @param verdict  the gateway role's verdict (read-only inspection)
 * @param pid      the owner's PID from its record, or null without a record
 * @param home     the home the owner was launched from (its control socket's home), or null
 * @param answered true when the control socket answered {@code identify} as this PID and home
 * @param served   the served profile names from that answer (empty unless answered)
 * @param why      in plain words: who answered what, or why the served set is not known
 */
public record GatewayOwnerView(Verdict verdict, Long pid, Path home, boolean answered, List<String> served, String why) {

    public GatewayOwnerView {
        served = List.copyOf(served);
    }

    /** A live owner (its verdict is LIVE); not necessarily answering. */
    public boolean live() {
        return verdict == Verdict.LIVE;
    }

    /** Nobody owns the role: nothing serves any profile. */
    public boolean absent() {
        return verdict == Verdict.NO_OWNER || verdict == Verdict.STALE;
    }

    /** Whether profile {@code name} of {@code root} is served: true/false, or null when it cannot be known. */
    public Boolean serves(String name, Path root) {
        return serves(name, answered && PidMarker.sameHome(home, root));
    }

    /** As {@link #serves(String, Path)}, with the owner's home already compared to the root (once per scan). */
    Boolean serves(String name, boolean ownersHomeIsRoot) {
        if (absent()) {
            return false;
        }
        if (!answered) {
            return null;
        }
        if (!ownersHomeIsRoot) {
            return false;
        }
        String wanted = name.toLowerCase(Locale.ROOT);
        return served.stream().anyMatch(profile -> profile.toLowerCase(Locale.ROOT).equals(wanted));
    }

    /** Why {@link #serves} answers as it does for a profile of {@code root}. */
    public String servedWhy(Path root) {
        return servedWhy(answered && PidMarker.sameHome(home, root));
    }

    String servedWhy(boolean ownersHomeIsRoot) {
        if (absent()) {
            return "no live gateway owner";
        }
        if (!answered) {
            return "unknown: " + why;
        }
        if (!ownersHomeIsRoot) {
            return "the gateway owner PID " + pid + " serves the profiles of another HERMES_HOME (" + home + ")";
        }
        return "the gateway owner PID " + pid + " answered identify";
    }

    /** The served set as a line reads it. */
    public String servedText() {
        return !answered ? "unknown" : served.isEmpty() ? "nothing" : String.join(", ", served);
    }

    /**
     * Inspects the gateway role (read-only) and, for a live owner, asks its control socket once;
     * {@code fallbackHome} is the home of an owner whose record names none.
     */
    public static GatewayOwnerView inspect(HostRendezvous rendezvous, Path fallbackHome, Duration timeout) {
        RoleReport report = new RoleInspector(rendezvous, false).inspect(Role.GATEWAY);
        HostRecord record = report.record().recordOrNull();
        Long pid = record == null ? null : record.pid();
        Path home = record == null ? null : record.home().isEmpty() ? fallbackHome.toAbsolutePath().normalize() : Path.of(record.home());
        Verdict verdict = report.verdict();
        if (verdict != Verdict.LIVE) {
            String why = switch (verdict) {
                case NO_OWNER -> "no gateway record is published";
                case STALE -> "the gateway record names PID " + pid + ", which is not the live owner";
                default -> "the gateway owner is " + verdict.name().toLowerCase(Locale.ROOT).replace('_', ' ') + ": "
                        + report.reasons().stream().map(reason -> reason.message()).collect(Collectors.joining("; "));
            };
            return new GatewayOwnerView(verdict, pid, home, false, List.of(), why);
        }
        ControlSocket.Answer answer = ControlSocket.ask(home, "identify", timeout);
        if (answer.result().isEmpty()) {
            return new GatewayOwnerView(verdict, pid, home, false, List.of(), answer.why().replaceAll("\\R", " "));
        }
        ObjectNode identity = answer.result().get();
        JsonNode answeredPid = identity.get("pid");
        if (answeredPid == null || !answeredPid.isIntegralNumber() || answeredPid.longValue() != pid) {
            return new GatewayOwnerView(verdict, pid, home, false, List.of(), "the control socket of " + home + " answers as PID "
                    + (answeredPid == null ? "(none)" : answeredPid) + ", not as the owner PID " + pid);
        }
        JsonNode answeredHome = identity.get("hermes_home");
        if (answeredHome != null && answeredHome.isTextual() && !answeredHome.textValue().isEmpty()
                && !PidMarker.sameHome(Path.of(answeredHome.textValue()), home)) {
            return new GatewayOwnerView(verdict, pid, home, false, List.of(), "the owner PID " + pid + " answers for home "
                    + answeredHome.textValue() + ", not " + home);
        }
        return new GatewayOwnerView(verdict, pid, home, true, servedNames(identity), "answered identify");
    }

    /** {@code served_profiles} as names (strings or {@code {profile_id, home}} objects); else the answer's {@code profile}. */
    static List<String> servedNames(ObjectNode answer) {
        List<String> listed = listedProfiles(answer);
        if (listed != null) {
            return listed;
        }
        List<String> names = new ArrayList<>();
        JsonNode profile = answer.get("profile");
        names.add(profile != null && profile.isTextual() && !profile.textValue().isEmpty() ? profile.textValue() : ProfileHomes.DEFAULT);
        return names;
    }

    /**
     * An identify answer's {@code served_profiles} as names (plain strings or {@code {profile_id, home}}
     * objects, anything else skipped); null when the answer lists none, so each caller picks its fallback.
     */
    public static List<String> listedProfiles(ObjectNode answer) {
        JsonNode served = answer.get("served_profiles");
        if (served == null || !served.isArray()) {
            return null;
        }
        List<String> names = new ArrayList<>();
        for (JsonNode item : served) {
            if (item.isTextual()) {
                names.add(item.textValue());
            } else if (item.isObject() && item.path("profile_id").isTextual()) {
                names.add(item.path("profile_id").textValue());
            }
        }
        return names;
    }
}
