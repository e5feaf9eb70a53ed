package dev.hostwarden.history;

import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;

/**
 * Who asked which owner to stop, so that an owner which then ends reads as stopped on purpose and not
 * as dead, and a supervisor never undoes it. The evidence: a stop request or a stop by someone in the
 * ownership history (a {@code hostwarden stop} or {@code restart}, a panel, an owner that recorded
 * whose marker it obeyed), an owner's own end with exit code 0 (hermes and Hostwarden exit 0 only on a
 * planned stop: a marker, SIGINT, a takeover, a fleet stop key), and a planned-stop marker seen naming
 * a live owner (hermes' own {@code gateway stop}, any stopper). Thread-safe.
 */
public final class StopRequests {
    /** A stop someone asked for: by whom, and when it was first known. */
    public record Request(Actor by, Instant at) {
    }

    /** What a marker's writer was, looked up once per writer (its command line), else null. */
    private final LongFunction<Optional<String>> commandOf;
    private final Map<Role, Map<Long, Request>> requested = new EnumMap<>(Role.class);
    private final Map<Long, String> writers = new HashMap<>();

    public StopRequests(LongFunction<Optional<String>> commandOf) {
        this.commandOf = commandOf;
    }

    /** Stop requests and stops by someone, from recorded events (oldest first); a cancelled request is forgotten. */
    public synchronized void learn(List<HistoryEvent> events) {
        for (HistoryEvent event : events) {
            if (event.pid() == null) {
                continue;
            }
            boolean asked = event.type() == EventType.STOP_REQUESTED || (event.type() == EventType.STOPPED && event.byPid() != null);
            boolean ownPlannedEnd = event.type() == EventType.STOPPED && event.byPid() == null && Integer.valueOf(0).equals(event.exitCode());
            Map<Long, Request> roleRequests = requested.computeIfAbsent(event.role(), role -> new HashMap<>());
            if (asked) {
                Request known = roleRequests.get(event.pid());
                // An owner's own "stopped by" names its stopper without words; the stopper's request had them.
                if (known == null || known.by().pid() != event.byPid() || event.byCommand() != null) {
                    roleRequests.put(event.pid(), new Request(new Actor(event.byPid(), event.byCommand()), event.at()));
                }
            } else if (ownPlannedEnd) {
                roleRequests.putIfAbsent(event.pid(), new Request(new Actor(event.pid(), "its own planned stop, exit code 0"), event.at()));
            } else if (event.type() == EventType.STOP_CANCELLED) {
                roleRequests.remove(event.pid());
            }
        }
    }

    /** A planned-stop marker in the home of the live owner {@code record} naming it. */
    public synchronized void learn(HostRecord record) {
        PidMarker.Read read = PlannedStopMarker.forHome(HermesHome.ownerHome(record)).peek();
        if (read instanceof PidMarker.Found found && found.contents().targetPid() == record.pid() && found.contents().writerPid() != null) {
            long writer = found.contents().writerPid();
            String command = writers.computeIfAbsent(writer, pid -> commandOf.apply(pid).filter(line -> !line.isBlank()).orElse(""));
            requested.computeIfAbsent(record.role(), role -> new HashMap<>()).putIfAbsent(record.pid(),
                    new Request(new Actor(writer, command.isEmpty() ? null : command), Instant.now()));
        }
    }

    /** Who asked {@code role}'s owner {@code pid} to stop, or empty when nobody did. */
    public synchronized Optional<Request> of(Role role, Long pid) {
        return pid == null ? Optional.empty() : Optional.ofNullable(requested.getOrDefault(role, Map.of()).get(pid));
    }

    /**
     * The role's last end, when it was a stop someone asked for and no owner came after it: the state
     * a supervisor that starts now must respect. {@code events} are the role's directory's, oldest first.
     */
    public static Optional<Request> lastEndWasPlanned(Role role, List<HistoryEvent> events) {
        StopRequests requests = new StopRequests(pid -> Optional.empty());
        requests.learn(events);
        for (int i = events.size() - 1; i >= 0; i--) {
            HistoryEvent event = events.get(i);
            if (event.role() != role) {
                continue;
            }
            switch (event.type()) {
                case STARTED, APPEARED, LIVE, RESTARTED, LAUNCHED, SUPERVISED_START, CRASHED, STALE, STOP_CANCELLED -> {
                    return Optional.empty();
                }
                case STOPPED, STOP_REQUESTED -> {
                    return requests.of(role, event.pid());
                }
                default -> {
                }
            }
        }
        return Optional.empty();
    }
}
