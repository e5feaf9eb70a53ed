package dev.hostwarden.panel.timeline;

import java.time.Instant;
import java.util.List;

/**
 * What the timeline shows at once, swapped in whole so the view never draws lanes of one window
 * against the axis of another.
 *
 * @param empty true when the history holds no event at all (the view then says so instead of drawing blank lanes)
 */
public record TimelineSnapshot(TimeSpan span, Instant from, Instant to, List<RoleLane> lanes, boolean empty) {
    public TimelineSnapshot {
        lanes = List.copyOf(lanes);
    }
}
