package dev.hostwarden.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The card's history line from real history lines written and read back through {@link HistoryLog}. */
class RoleHistorySummaryTest {
    private static final Instant NOW = Instant.parse("2026-12-02T12:00:00Z");

    private static HistoryEvent at(Duration ago, HistoryEvent event) {
        return event.at(NOW.minus(ago));
    }

    @Test
    void countsRestartsWithinADayNotNewOwnersAndNamesTheLastEnd(@org.junit.jupiter.api.io.TempDir Path temp) {
        HistoryLog log = HistoryLog.at(temp.resolve("history.jsonl"));
        List<HistoryEvent> written = List.of(
                at(Duration.ofHours(30), HistoryEvent.of(EventType.STARTED, Role.SERVE, 100L)),
                at(Duration.ofHours(26), HistoryEvent.of(EventType.STARTED, Role.SERVE, 200L)),
                at(Duration.ofHours(26), HistoryEvent.of(EventType.RESTARTED, Role.SERVE, 200L).withPrevious(100L)),
                at(Duration.ofHours(3), HistoryEvent.of(EventType.STOPPED, Role.SERVE, 200L).withExitCode(0)),
                at(Duration.ofHours(3), HistoryEvent.of(EventType.STARTED, Role.SERVE, 300L)),
                at(Duration.ofHours(3), HistoryEvent.of(EventType.RESTARTED, Role.SERVE, 300L).withPrevious(200L)),
                at(Duration.ofHours(2), HistoryEvent.of(EventType.LIVE, Role.SERVE, 300L)),
                at(Duration.ofHours(1), HistoryEvent.of(EventType.STALE, Role.SERVE, 300L).withReason("PID_DEAD")),
                at(Duration.ofMinutes(30), HistoryEvent.of(EventType.APPEARED, Role.SERVE, 400L)),
                at(Duration.ofMinutes(20), HistoryEvent.of(EventType.LAUNCHED, Role.SERVE, 400L)),
                at(Duration.ofMinutes(10), HistoryEvent.of(EventType.STARTED, Role.GATEWAY, 500L)));
        written.forEach(log::append);

        var summaries = RoleHistorySummary.of(log.read().events(), NOW, ZoneOffset.UTC);

        assertEquals(new RoleHistorySummary(1, "PID 300 found dead (PID_DEAD), Dec 2 11:00"), summaries.get(Role.SERVE),
                "200 replacing 100 was more than a day ago; 300's restart counts; 400, seen and started after a death, is no restart");
        assertEquals("1 restart in the last 24 h · last exit: PID 300 found dead (PID_DEAD), Dec 2 11:00", summaries.get(Role.SERVE).line());
        assertEquals(new RoleHistorySummary(0, null), summaries.get(Role.GATEWAY));
        assertEquals("", summaries.get(Role.GATEWAY).line(), "nothing to tell: no line");
        assertEquals(new RoleHistorySummary(0, null), summaries.get(Role.DESKTOP_SERVE));
    }

    @Test
    void aStopWithItsExitCodeIsNotOverwrittenByTheObserversStaleOfTheSameOwner() {
        List<HistoryEvent> events = List.of(
                at(Duration.ofMinutes(5), HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 7L).withExitCode(3)),
                at(Duration.ofMinutes(4), HistoryEvent.of(EventType.STALE, Role.GATEWAY, 7L).withReason("PID_DEAD")));
        assertEquals("PID 7 stopped, exit code 3, Dec 2 11:55", RoleHistorySummary.of(Role.GATEWAY, events, NOW, ZoneOffset.UTC).lastExit());
    }

    @Test
    void aRequestedStopNamesWhoAskedForIt() {
        List<HistoryEvent> events = List.of(
                at(Duration.ofMinutes(6), HistoryEvent.of(EventType.STOP_REQUESTED, Role.GATEWAY, 7L).withActor(new Actor(99, "hostwarden stop gateway"))),
                at(Duration.ofMinutes(5), HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 7L).withExitCode(0)));
        assertEquals("PID 7 stopped by PID 99, hostwarden stop gateway, exit code 0, Dec 2 11:55",
                RoleHistorySummary.of(Role.GATEWAY, events, NOW, ZoneOffset.UTC).lastExit());
    }

    @Test
    void aSupervisorsStartsAfterCrashesCountAsAutomaticNotAsRestarts() {
        List<HistoryEvent> events = List.of(
                at(Duration.ofMinutes(9), HistoryEvent.of(EventType.SUPERVISED_START, Role.SERVE, 7L).withAttempt(1)),
                at(Duration.ofMinutes(8), HistoryEvent.of(EventType.CRASHED, Role.SERVE, 7L).withExitCode(137)),
                at(Duration.ofMinutes(7), HistoryEvent.of(EventType.SUPERVISED_START, Role.SERVE, 8L).withAttempt(2).withPrevious(7L)));
        RoleHistorySummary summary = RoleHistorySummary.of(Role.SERVE, events, NOW, ZoneOffset.UTC);
        assertEquals(0, summary.restarts24h());
        assertEquals(1, summary.automaticStarts24h(), "the first start replaced no owner");
        assertEquals("1 automatic start in the last 24 h · last exit: PID 7 crashed, exit code 137, Dec 2 11:52", summary.line());
    }

    @Test
    void aCrashSaysHowTheOwnerEndedOverTheStaleSightingOfIt() {
        List<HistoryEvent> events = List.of(
                at(Duration.ofMinutes(9), HistoryEvent.of(EventType.STALE, Role.SERVE, 7L).withReason("PID_DEAD")),
                at(Duration.ofMinutes(9), HistoryEvent.of(EventType.CRASHED, Role.SERVE, 7L).withExitCode(137).withReason("PID_DEAD")
                        .withDetail("killed by signal 9 (SIGKILL)")),
                at(Duration.ofMinutes(8), HistoryEvent.of(EventType.STALE, Role.SERVE, 7L).withReason("PID_DEAD")));
        assertEquals("PID 7 crashed, killed by signal 9 (SIGKILL), Dec 2 11:51", RoleHistorySummary.of(Role.SERVE, events, NOW, ZoneOffset.UTC).lastExit());
        List<HistoryEvent> failed = List.of(at(Duration.ofMinutes(3), HistoryEvent.of(EventType.CRASHED, Role.SERVE, 9L).withExitCode(3)
                .withReason("FAILED_START").withDetail("attempt 1 did not become the live owner: exit code 3")));
        assertEquals("PID 9 failed to start, exit code 3, Dec 2 11:57", RoleHistorySummary.of(Role.SERVE, failed, NOW, ZoneOffset.UTC).lastExit());
    }
}
