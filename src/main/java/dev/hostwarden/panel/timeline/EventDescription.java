package dev.hostwarden.panel.timeline;

import dev.hostwarden.history.Actor;
import dev.hostwarden.history.HistoryEvent;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** The words of a tick's and a segment's tooltip: local time, event, PID and whatever the line knows of why. */
public final class EventDescription {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private EventDescription() {
    }

    public static String time(Instant at, ZoneId zone) {
        return TIME.format(at.atZone(zone));
    }

    /** For example {@code 2026-12-01 10:02:03  stale · PID 4242 · reason PID_DEAD}. */
    public static String of(HistoryEvent event, ZoneId zone) {
        List<String> parts = new ArrayList<>();
        parts.add(event.type().wireName());
        if (event.pid() != null) {
            parts.add("PID " + event.pid());
        }
        if (event.reason() != null) {
            parts.add("reason " + event.reason());
        }
        if (event.exitCode() != null) {
            parts.add("exit code " + event.exitCode());
        }
        if (event.byPid() != null) {
            parts.add("by " + new Actor(event.byPid(), event.byCommand()).describe());
        }
        if (event.previousPid() != null) {
            parts.add("replaced PID " + event.previousPid());
        }
        return time(event.at(), zone) + "  " + String.join(" · ", parts);
    }

    /** For example {@code live  2026-12-01 10:00:00 → now}. */
    public static String of(LaneSegment segment, ZoneId zone) {
        return segment.state().label() + "  " + time(segment.from(), zone) + " → " + (segment.open() ? "now" : time(segment.to(), zone));
    }
}
