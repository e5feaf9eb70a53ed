package dev.hostwarden.panel.timeline;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.HistoryEvent;
import java.util.List;

/** One role's lane over a window: its state segments, oldest first, and the events inside the window (the ticks). */
public record RoleLane(Role role, List<LaneSegment> segments, List<HistoryEvent> events) {
    public RoleLane {
        segments = List.copyOf(segments);
        events = List.copyOf(events);
    }
}
