package dev.hostwarden.history;

import dev.hostwarden.core.record.Role;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a role card says from the history: how many times the role was restarted in the last 24 h, and
 * how the last owner ended (and who stopped it, when it was asked to). Computed from events already
 * read; it reads nothing.
 *
 * @param restarts24h       restarts (an action that replaced the owner) within the last 24 h
 * @param automaticStarts24h owners a supervisor started after a crash within the last 24 h
 * @param lastExit          the latest end ("PID 4711 exited, code 0, 04:31") or null when none is recorded
 */
public record RoleHistorySummary(int restarts24h, int automaticStarts24h, String lastExit) {

    public RoleHistorySummary(int restarts24h, String lastExit) {
        this(restarts24h, 0, lastExit);
    }
    static final Duration WINDOW = Duration.ofHours(24);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("MMM d HH:mm");

    /** Every role's summary (a role with no events gets 0 and null), times shown in {@code zone}. */
    public static Map<Role, RoleHistorySummary> of(List<HistoryEvent> events, Instant now, ZoneId zone) {
        Map<Role, RoleHistorySummary> summaries = new EnumMap<>(Role.class);
        for (Role role : Role.values()) {
            summaries.put(role, of(role, events, now, zone));
        }
        return summaries;
    }

    static RoleHistorySummary of(Role role, List<HistoryEvent> events, Instant now, ZoneId zone) {
        Instant since = now.minus(WINDOW);
        int restarts = 0;
        int automatic = 0;
        HistoryEvent end = null;
        HistoryEvent request = null;
        for (HistoryEvent event : events) {
            if (event.role() != role) {
                continue;
            }
            switch (event.type()) {
                // A restart is an action that replaced an owner; a start, a new owner seen or a crash is not one.
                case RESTARTED -> restarts += event.at().isBefore(since) ? 0 : 1;
                case SUPERVISED_START -> automatic += event.at().isBefore(since) || event.previousPid() == null ? 0 : 1;
                case STOP_REQUESTED -> request = event;
                // A supervisor's crash says how the owner ended (the signal, the exit code): it outranks the stale sighting of the same owner.
                case CRASHED -> end = event;
                case STOPPED, STALE -> {
                    boolean sameEnd = end != null && (end.type() == EventType.STOPPED || end.type() == EventType.CRASHED)
                            && event.type() == EventType.STALE && Objects.equals(end.pid(), event.pid());
                    if (!sameEnd) {
                        end = event.byPid() == null && request != null && Objects.equals(request.pid(), event.pid())
                                ? event.withActor(new Actor(request.byPid(), request.byCommand())) : event;
                    }
                }
                default -> {
                }
            }
        }
        return new RoleHistorySummary(restarts, automatic, end == null ? null : describe(end, zone));
    }

    private static String describe(HistoryEvent end, ZoneId zone) {
        String pid = end.pid() == null ? "the owner" : "PID " + end.pid();
        String how = switch (end.type()) {
            case STOPPED -> pid + " stopped" + (end.byPid() == null ? "" : " by " + new Actor(end.byPid(), end.byCommand()).describe())
                    + (end.exitCode() == null ? "" : ", exit code " + end.exitCode());
            case CRASHED -> "FAILED_START".equals(end.reason())
                    ? pid + " failed to start" + (end.exitCode() == null ? "" : ", exit code " + end.exitCode())
                    : pid + " crashed" + (end.detail() != null && end.exitCode() != null ? ", " + end.detail()
                            : end.exitCode() != null ? ", exit code " + end.exitCode() : end.reason() == null ? "" : " (" + end.reason() + ")");
            default -> pid + " found dead" + (end.reason() == null ? "" : " (" + end.reason() + ")");
        };
        return how + ", " + TIME.format(end.at().atZone(zone));
    }

    /**
     * The card's line: "2 restarts, 1 automatic start in the last 24 h · last exit: PID 4711 stopped, exit
     * code 0, Dec 2 04:31"; without restarts only the last exit; "" when there is nothing to tell, so a
     * quiet role's card stays short.
     */
    public String line() {
        List<String> counts = new ArrayList<>();
        if (restarts24h > 0) {
            counts.add(restarts24h + (restarts24h == 1 ? " restart" : " restarts"));
        }
        if (automaticStarts24h > 0) {
            counts.add(automaticStarts24h + (automaticStarts24h == 1 ? " automatic start" : " automatic starts"));
        }
        String recent = counts.isEmpty() ? "" : String.join(", ", counts) + " in the last 24 h";
        String exit = lastExit == null ? "" : "last exit: " + lastExit;
        return recent.isEmpty() || exit.isEmpty() ? recent + exit : recent + " · " + exit;
    }
}
