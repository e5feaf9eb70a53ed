package dev.hostwarden.panel.timeline;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.HistoryEvent;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Turns the ownership history into a lane per role over a window: pure, so the rules are tested
 * without a screen. Events before the window still count, because they set the state the window
 * opens in; an event type that says nothing about the owner (a stop request) changes nothing.
 */
public final class LaneDerivation {
    private LaneDerivation() {
    }

    /** The lanes of every role over {@code [from, to)}, in the roles' order. */
    public static List<RoleLane> lanes(List<HistoryEvent> history, Instant from, Instant to) {
        List<RoleLane> lanes = new ArrayList<>();
        for (Role role : Role.values()) {
            List<HistoryEvent> mine = history.stream().filter(event -> event.role() == role).toList();
            lanes.add(new RoleLane(role, segments(mine, from, to), inWindow(mine, from, to)));
        }
        return lanes;
    }

    /** One role's events cut into state segments clipped to {@code [from, to)}; equal neighbours are joined. */
    public static List<LaneSegment> segments(List<HistoryEvent> roleEvents, Instant from, Instant to) {
        // The file is appended in order, but two writers' clocks may interleave a line or two: sort (stable) by time.
        List<HistoryEvent> ordered = roleEvents.stream().sorted(Comparator.comparing(HistoryEvent::at)).toList();
        List<LaneSegment> segments = new ArrayList<>();
        LaneState state = LaneState.NOT_RECORDED;
        Instant since = from;
        for (HistoryEvent event : ordered) {
            if (!event.at().isBefore(to)) {
                break;
            }
            LaneState next = after(state, event);
            if (next == state) {
                continue;
            }
            Instant at = event.at().isBefore(from) ? from : event.at();
            if (at.isAfter(since)) {
                segments.add(new LaneSegment(since, at, state, false));
            }
            state = next;
            since = at;
        }
        if (to.isAfter(since)) {
            segments.add(new LaneSegment(since, to, state, true));
        }
        return segments;
    }

    /** The state after {@code event}, given the state before it. */
    static LaneState after(LaneState before, HistoryEvent event) {
        return switch (event.type()) {
            case STARTED, APPEARED, LIVE, RESTARTED, LAUNCHED, SUPERVISED_START -> LaneState.LIVE;
            case STALE -> LaneState.STALE;
            // A launched command that never became the owner changes no owner's lane.
            case CRASHED -> "FAILED_START".equals(event.reason()) ? before : LaneState.STALE;
            case STOPPED, RETRACTED -> LaneState.NO_OWNER;
            case LOCK_WITHOUT_RECORD -> LaneState.STARTING;
            case STOP_REQUESTED, STOP_CANCELLED, MARKER_CLEARED, RESCANNED, GAVE_UP -> before;
        };
    }

    private static List<HistoryEvent> inWindow(List<HistoryEvent> roleEvents, Instant from, Instant to) {
        return roleEvents.stream().filter(event -> !event.at().isBefore(from) && event.at().isBefore(to))
                .sorted(Comparator.comparing(HistoryEvent::at)).toList();
    }
}
