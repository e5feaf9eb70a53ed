package dev.hostwarden.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonSyntaxException;
import dev.hostwarden.core.record.Role;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** One history line, written and read back, and what reading makes of lines this program never writes. */
class HistoryEventTest {
    @Test
    void aLineReadsBackAsTheEventThatWroteIt() throws Exception {
        HistoryEvent event = new HistoryEvent(Instant.parse("2026-12-03T22:00:00.123456789Z"), EventType.STOPPED, Role.GATEWAY, "/tmp/locks",
                4242L, 123456L, List.of("default", "wörk"), "/home/a/.hermes", "planned \"stop\"\n", 77L, "hostwarden stop gateway", -15,
                4141L, 3, "detail", 99L);
        String line = JsonStreams.compact(event::writeTo);
        assertEquals("{\"at\":\"2026-12-03T22:00:00.123456789Z\",\"event\":\"stopped\",\"role\":\"gateway\",\"lockDir\":\"/tmp/locks\","
                + "\"pid\":4242,\"startTime\":123456,\"profiles\":[\"default\",\"wörk\"],\"home\":\"/home/a/.hermes\","
                + "\"reason\":\"planned \\\"stop\\\"\\n\",\"by\":77,\"byCommand\":\"hostwarden stop gateway\",\"exitCode\":-15,"
                + "\"previousPid\":4141,\"attempt\":3,\"detail\":\"detail\",\"writer\":99}", line);
        assertEquals(event, HistoryEvent.fromJson(line));
        HistoryEvent bare = new HistoryEvent(event.at(), EventType.STARTED, Role.SERVE, null, null, null, null, null, null, null, null, null,
                null, null, null, 1L);
        assertEquals("{\"at\":\"2026-12-03T22:00:00.123456789Z\",\"event\":\"started\",\"role\":\"serve\",\"writer\":1}",
                JsonStreams.compact(bare::writeTo));
        assertEquals(bare, HistoryEvent.fromJson(JsonStreams.compact(bare::writeTo)));
    }

    @Test
    void valuesOfTheWrongTypeCountAsAbsentAndTheLastOfARepeatedKeyWins() throws Exception {
        HistoryEvent read = HistoryEvent.fromJson("{\"at\":\"2026-12-03T22:00:00Z\",\"event\":\"started\",\"role\":\"serve\",\"role\":\"gateway\","
                + "\"pid\":\"12\",\"startTime\":1.5,\"exitCode\":4294967296,\"attempt\":[1],\"home\":{\"a\":1},"
                + "\"profiles\":[\"a\",1,null,{\"b\":[]},true],\"by\":18446744073709551617,\"writer\":\"7\"}");
        assertEquals(Role.GATEWAY, read.role());
        assertNull(read.pid());
        assertNull(read.startTime());
        assertNull(read.exitCode());
        assertNull(read.attempt());
        assertNull(read.home());
        assertEquals(List.of("a", "1", "null", "", "true"), read.profiles());
        assertEquals(1L, read.byPid(), "a number beyond a long keeps its low 64 bits, as a tree's longValue() did");
        assertEquals(0L, read.writerPid());
    }

    @Test
    void whatIsNotAnEventSaysWhy() {
        assertEquals("not a JSON object", assertThrows(IllegalArgumentException.class, () -> HistoryEvent.fromJson("[1]")).getMessage());
        assertEquals("'at' is missing", assertThrows(IllegalArgumentException.class,
                () -> HistoryEvent.fromJson("{\"event\":\"started\",\"role\":\"serve\"}")).getMessage());
        assertEquals("unknown role 'nope'", assertThrows(IllegalArgumentException.class,
                () -> HistoryEvent.fromJson("{\"at\":\"2026-12-03T22:00:00Z\",\"event\":\"started\",\"role\":\"nope\"}")).getMessage());
        assertThrows(JsonSyntaxException.class, () -> HistoryEvent.fromJson("{\"at\":\"2026-12-03T22:00:00Z\"}{}"));
        assertThrows(JsonSyntaxException.class, () -> HistoryEvent.fromJson("{\"at\":"));
    }
}
