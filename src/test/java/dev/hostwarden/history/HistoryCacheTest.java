package dev.hostwarden.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The panel's view of the history (cards, timeline): its own directory's events and older lines naming none. */
class HistoryCacheTest {
    @TempDir
    Path tmp;

    @Test
    void itKeepsTheEventsOfItsDirectoryAndThoseThatNameNone() {
        HistoryLog log = HistoryLog.at(tmp.resolve("state/history.jsonl"));
        Path here = tmp.resolve("locks");
        Path there = tmp.resolve("other");
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.GATEWAY, 1L)));
        new OwnershipHistory(log, there).stopped(Role.GATEWAY, 2L, 0);
        new OwnershipHistory(log, here).stopped(Role.GATEWAY, 3L, 0);

        assertEquals(List.of(1L, 3L), new HistoryCache(log, here).events().stream().map(HistoryEvent::pid).toList());
        assertEquals(List.of(1L, 2L), new HistoryCache(log, there.resolve("../other")).events().stream().map(HistoryEvent::pid).toList(),
                "the same directory spelled otherwise");
    }

    @Test
    void anObservationRepeatsOnlyItsOwnDirectorysPreviousLine() {
        HistoryLog log = HistoryLog.at(tmp.resolve("state/history.jsonl"));
        HistoryEvent live = HistoryEvent.of(EventType.LIVE, Role.SERVE, 9L);
        assertTrue(log.append(live.withLockDir(tmp.resolve("a"))));
        assertTrue(log.append(live.withLockDir(tmp.resolve("b"))), "another directory's line is no repeat");
        assertEquals(false, log.append(live.withLockDir(tmp.resolve("b"))), "the same directory's is");
        assertEquals(tmp.resolve("b").toString(), log.read().events().get(1).lockDir());
    }
}
