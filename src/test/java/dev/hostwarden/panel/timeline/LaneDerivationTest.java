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
                new LaneSegment(at(0), at(10), LaneState.NOT_RECORDED, false),
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
    void noHistoryIsOneNotRecordedSegmentAndLanesKeepTheirRolesAndTicks() {
        assertEquals(List.of(new LaneSegment(at(0), at(60), LaneState.NOT_RECORDED, true)), LaneDerivation.segments(List.of(), at(0), at(60)));
        List<HistoryEvent> events = List.of(event(EventType.STARTED, -5), event(EventType.STALE, 5),
                HistoryEvent.of(EventType.STARTED, Role.SERVE, 7L).at(at(1)));
        List<RoleLane> lanes = LaneDerivation.lanes(events, at(0), at(60));
        assertEquals(List.of(Role.GATEWAY, Role.SERVE, Role.DESKTOP_SERVE), lanes.stream().map(RoleLane::role).toList());
        assertEquals(List.of(EventType.STALE), lanes.get(0).events().stream().map(HistoryEvent::type).toList(), "ticks only inside the window");
        assertEquals(List.of(LaneState.LIVE, LaneState.STALE), lanes.get(0).segments().stream().map(LaneSegment::state).toList());
        assertEquals(List.of(LaneState.NOT_RECORDED, LaneState.LIVE), lanes.get(1).segments().stream().map(LaneSegment::state).toList());
    }

    @Test
    void aLockWithoutARecordIsStartingAndEachLaneSaysWhatItKnows() {
        List<HistoryEvent> events = List.of(event(EventType.LOCK_WITHOUT_RECORD, 10), event(EventType.APPEARED, 12));
        assertEquals(List.of(
                new LaneSegment(at(0), at(10), LaneState.NOT_RECORDED, false),
                new LaneSegment(at(10), at(12), LaneState.STARTING, false),
                new LaneSegment(at(12), at(60), LaneState.LIVE, true)), LaneDerivation.segments(events, at(0), at(60)));
        assertEquals(List.of("live", "stale", "no owner", "starting", "not recorded"),
                java.util.Arrays.stream(LaneState.values()).map(LaneState::label).toList(), "no lane says 'unknown'");
    }

    @Test
    void theTimelineOpensOnTheShortestSpanThatHoldsTheLatestEvents() {
        Instant now = at(0);
        List<HistoryEvent> sixMinutes = new java.util.ArrayList<>();
        for (int i = 0; i < 14; i++) {
            sixMinutes.add(HistoryEvent.of(i % 2 == 0 ? EventType.STARTED : EventType.STOPPED, Role.GATEWAY, 42L).at(now.minusSeconds(360 - 25L * i)));
        }
        assertEquals(TimeSpan.LAST_HOUR, TimeSpan.toShow(sixMinutes, now), "six minutes of 14 events: the last hour");
        assertEquals(TimeSpan.LAST_6_HOURS, TimeSpan.toShow(List.of(event(EventType.STARTED, -300)), now));
        assertEquals(TimeSpan.LAST_24_HOURS, TimeSpan.toShow(List.of(event(EventType.STARTED, -23 * 60)), now));
        assertEquals(TimeSpan.LAST_7_DAYS, TimeSpan.toShow(List.of(event(EventType.STARTED, -3 * 24 * 60)), now));
        assertEquals(TimeSpan.LAST_7_DAYS, TimeSpan.toShow(List.of(event(EventType.STARTED, -30 * 24 * 60)), now), "older: the longest span");
        assertEquals(TimeSpan.LAST_24_HOURS, TimeSpan.toShow(List.of(), now), "no history: the day");
        List<HistoryEvent> oldAndRecent = new java.util.ArrayList<>(sixMinutes);
        oldAndRecent.add(event(EventType.STARTED, -20 * 24 * 60));
        assertEquals(TimeSpan.LAST_HOUR, TimeSpan.toShow(oldAndRecent, now), "an old line does not hide the latest events");
    }
}
