package dev.hostwarden.panel.timeline;

import java.time.Instant;
import java.util.Objects;

/**
 * One stretch of a lane in one state, {@code from} inclusive to {@code to} exclusive.
 *
 * @param open true for the last segment, which runs on to "now" because no later event closed it
 */
public record LaneSegment(Instant from, Instant to, LaneState state, boolean open) {
    public LaneSegment {
        Objects.requireNonNull(from, "from");
        Objects.requireNonNull(to, "to");
        Objects.requireNonNull(state, "state");
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("segment ends before it starts: " + from + " .. " + to);
        }
    }
}
