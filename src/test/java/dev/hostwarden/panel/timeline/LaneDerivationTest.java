package dev.hostwarden.panel.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lane rules on plain lists of events: order, the open last segment, clipping to the window. */
class LaneDerivationTest {
    private static final Instant T0 = Instant.parse("2026-12-01T00:00:00Z");

    private static Instant at(int minutes) {
        return T0.plusSeconds(60L * minutes);
    }

    private static HistoryEvent event(EventType type, int minutes) {
        return HistoryEvent.of(type, Role.GATEWAY, 42L).at(at(minutes));
    }

    @Test
    void eventsOutOfFileOrderAreSortedAndTheLastSegmentRunsOpenToNow() {
        List<HistoryEvent> events = List.of(event(EventType.STALE, 30), event(EventType.STARTED, 10), event(EventType.RETRACTED, 40));
        List<LaneSegment> segments = LaneDerivation.segments(events, at(0), at(60));
        assertEquals(List.of(
                new LaneSegment(at(0), at(10), LaneState.UNKNOWN, false),
                new LaneSegment(at(10), at(30), LaneState.LIVE, false),
                new LaneSegment(at(30), at(40), LaneState.STALE, false),
                new LaneSegment(at(40), at(60), LaneState.NO_OWNER, true)), segments);
    }

    @Test
    void eventsBeforeTheWindowSetTheOpeningStateAndLaterOnesAreLeftOut() {
        List<HistoryEvent> events = List.of(event(EventType.STARTED, -100), event(EventType.LIVE, -50), event(EventType.STOP_REQUESTED, 20),
                event(EventType.STOPPED, 25), event(EventType.STARTED, 90));
        List<LaneSegment> segments = LaneDerivation.segments(events, at(0), at(60));
        assertEquals(List.of(
                new LaneSegment(at(0), at(25), LaneState.LIVE, false),
                new LaneSegment(at(25), at(60), LaneState.NO_OWNER, true)), segments);
    }

    @Test
    void noHistoryIsOneUnknownSegmentAndLanesKeepTheirRolesAndTicks() {
        assertEquals(List.of(new LaneSegment(at(0), at(60), LaneState.UNKNOWN, true)), LaneDerivation.segments(List.of(), at(0), at(60)));
        List<HistoryEvent> events = List.of(event(EventType.STARTED, -5), event(EventType.STALE, 5),
                HistoryEvent.of(EventType.STARTED, Role.SERVE, 7L).at(at(1)));
        List<RoleLane> lanes = LaneDerivation.lanes(events, at(0), at(60));
        assertEquals(List.of(Role.GATEWAY, Role.SERVE, Role.DESKTOP_SERVE), lanes.stream().map(RoleLane::role).toList());
        assertEquals(List.of(EventType.STALE), lanes.get(0).events().stream().map(HistoryEvent::type).toList(), "ticks only inside the window");
        assertEquals(List.of(LaneState.LIVE, LaneState.STALE), lanes.get(0).segments().stream().map(LaneSegment::state).toList());
        assertEquals(List.of(LaneState.UNKNOWN, LaneState.LIVE), lanes.get(1).segments().stream().map(LaneSegment::state).toList());
    }
}
