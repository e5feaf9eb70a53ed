package dev.hostwarden.panel.model;

import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Who asked which owner to stop, so that an owner which then ends reads as stopped on purpose and not
 * as dead: a stop request or a stop by someone in the ownership history (a {@code hostwarden stop} or
 * {@code restart}, another panel, an owner that recorded whose marker it obeyed), and a planned-stop
 * marker seen naming a live owner (hermes' own {@code gateway stop}, any stopper). Learned on the
 * background executor at each refresh; read when the refresh is applied.
 */
final class PlannedStops {
    /** What the marker's writer was, looked up once per writer: its command line, else nothing. */
    private final ProcessDescriber describer;
    private final Map<Role, Map<Long, Actor>> requested = new EnumMap<>(Role.class);
    private final Map<Long, String> writers = new HashMap<>();

    PlannedStops(ProcessDescriber describer) {
        this.describer = describer;
    }

    /** Stop requests and stops by someone, from the role's recorded events. */
    synchronized void learn(List<HistoryEvent> events) {
        for (HistoryEvent event : events) {
            boolean asked = event.type() == EventType.STOP_REQUESTED || (event.type() == EventType.STOPPED && event.byPid() != null);
            if (asked && event.pid() != null && event.byPid() != null) {
                Map<Long, Actor> roleRequests = requested.computeIfAbsent(event.role(), role -> new HashMap<>());
                Actor known = roleRequests.get(event.pid());
                // An owner's own "stopped by" names its stopper without words; the stopper's request had them.
                if (known == null || known.pid() != event.byPid() || event.byCommand() != null) {
                    roleRequests.put(event.pid(), new Actor(event.byPid(), event.byCommand()));
                }
            } else if (event.type() == EventType.STOP_CANCELLED && event.pid() != null) {
                forget(event.role(), event.pid());
            }
        }
    }

    /** A planned-stop marker in the home of the live owner {@code record} naming it. */
    synchronized void learn(HostRecord record) {
        PidMarker.Read read = PlannedStopMarker.forHome(HermesHome.ownerHome(record)).peek();
        if (read instanceof PidMarker.Found found && found.contents().targetPid() == record.pid() && found.contents().writerPid() != null) {
            long writer = found.contents().writerPid();
            String command = writers.computeIfAbsent(writer, pid -> describer.describe(pid).map(HolderInfo::commandLine)
                    .filter(line -> !line.isBlank()).orElse(""));
            requested.computeIfAbsent(record.role(), role -> new HashMap<>()).putIfAbsent(record.pid(), new Actor(writer,
                    command.isEmpty() ? null : command));
        }
    }

    /** Who asked {@code role}'s owner {@code pid} to stop, or null when nobody did. */
    synchronized Actor of(Role role, Long pid) {
        return pid == null ? null : requested.getOrDefault(role, Map.of()).get(pid);
    }

    private void forget(Role role, long pid) {
        Map<Long, Actor> roleRequests = requested.get(role);
        if (roleRequests != null) {
            roleRequests.remove(pid);
        }
    }
}
