package dev.hostwarden.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history file: private, bounded, never torn by concurrent writers, tolerant of corrupt lines, not repeating itself. */
class HistoryLogTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private HistoryLog log() {
        return HistoryLog.at(tmp.resolve("state").resolve("hostwarden").resolve("history.jsonl"));
    }

    @Test
    void fourProcessesAppendingAtOnceNeverTearALine() throws Exception {
        HistoryLog log = log();
        int perWriter = 400;
        List<ChildProcess> writers = new ArrayList<>();
        try {
            for (int writer = 1; writer <= 4; writer++) {
                writers.add(ChildProcess.java(HistoryAppenderChild.class, Map.of(), log.file().toString(), String.valueOf(writer),
                        String.valueOf(perWriter)));
            }
            for (ChildProcess writer : writers) {
                assertEquals("ready", writer.readLine(DEADLINE));
            }
            for (ChildProcess writer : writers) {
                writer.writeLine("go");
            }
            for (ChildProcess writer : writers) {
                assertEquals("done", writer.readLine(DEADLINE), writer.stderr());
                assertEquals(0, writer.waitFor(DEADLINE));
            }
        } finally {
            writers.forEach(ChildProcess::close);
        }
        assertFalse(Files.exists(log.rotated()), "the test stays under the bound");
        HistoryRead read = log.read();
        assertEquals(List.of(), read.skipped(), "every line parses");
        assertEquals(4 * perWriter, read.events().size());
        Map<Long, Long> nextOfWriter = new HashMap<>();
        for (HistoryEvent event : read.events()) {
            long writer = event.pid() / 1_000_000;
            long index = event.pid() % 1_000_000;
            assertEquals(nextOfWriter.getOrDefault(writer, 0L), index, "writer " + writer + "'s lines in its order, none lost");
            nextOfWriter.put(writer, index + 1);
        }
        long lines = Files.readAllLines(log.file()).size();
        assertEquals(4 * perWriter, lines, "one line per event");
    }

    @Test
    void theFileStaysWithinItsBoundWithOneRotatedFile() throws Exception {
        HistoryLog log = log();
        List<String> profiles = Collections.nCopies(30, "a-profile-name");
        int count = 2 * HistoryLog.MAX_BYTES / 300 + 100;
        for (int index = 0; index < count; index++) {
            assertTrue(log.append(HistoryEvent.of(EventType.APPEARED, Role.SERVE, (long) index).withOwner(1L, profiles, "/home")));
        }
        assertTrue(Files.size(log.file()) <= HistoryLog.MAX_BYTES, "history.jsonl: " + Files.size(log.file()));
        assertTrue(Files.size(log.rotated()) <= HistoryLog.MAX_BYTES, "history.jsonl.1: " + Files.size(log.rotated()));
        try (var files = Files.list(log.file().getParent())) {
            assertEquals(List.of("history.jsonl", "history.jsonl.1", "history.lock"), files.map(path -> path.getFileName().toString()).sorted().toList(),
                    "one rotated file, no more");
        }
        HistoryRead read = log.read();
        assertEquals(List.of(), read.skipped());
        List<HistoryEvent> events = read.events();
        assertEquals(count - 1L, events.get(events.size() - 1).pid(), "the newest event is kept");
        for (int index = 1; index < events.size(); index++) {
            assertEquals(events.get(index - 1).pid() + 1, events.get(index).pid(), "oldest first, contiguous across the rotation");
        }
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log.file())));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log.rotated())));
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(log.file().getParent())));
    }

    @Test
    void aCorruptOrTornLineIsSkippedAndReportedNeverFatal() throws Exception {
        HistoryLog log = log();
        log.append(HistoryEvent.of(EventType.STARTED, Role.GATEWAY, 10L));
        Files.writeString(log.file(), "not json at all\n{\"at\":\"x\",\"event\":\"stopped\",\"role\":\"gateway\"}\n{\"torn", StandardOpenOption.APPEND);
        log.append(HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 10L).withExitCode(0));
        HistoryRead read = log.read();
        assertEquals(List.of(EventType.STARTED, EventType.STOPPED), read.events().stream().map(HistoryEvent::type).toList());
        assertEquals(3, read.skipped().size(), read.skipped().toString());
        assertTrue(read.skipped().get(0).startsWith("history.jsonl:2: "), read.skipped().toString());
        assertTrue(read.skipped().get(1).contains("'at' is not a UTC time"), read.skipped().toString());
        assertTrue(Files.readString(log.file(), StandardCharsets.UTF_8).endsWith("\n"), "the writer after a torn line starts its own line");
    }

    @Test
    void anObservationThatRepeatsTheRolesPreviousLineIsNotWrittenAgain() throws Exception {
        HistoryLog log = log();
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.GATEWAY, 10L).withOwner(5L, List.of("a"), "/h")));
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.SERVE, 20L)), "another role in between");
        assertFalse(log.append(HistoryEvent.of(EventType.APPEARED, Role.GATEWAY, 10L).withOwner(5L, List.of("a"), "/h")),
                "an observer seeing the owner that announced itself");
        assertTrue(log.append(HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 10L).withExitCode(0)));
        assertFalse(log.append(HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 10L)), "a stopper that cannot know the exit code");
        assertFalse(log.append(HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 10L).withExitCode(0)));
        assertTrue(log.append(HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 11L)), "another process");
        assertEquals(4, Files.readAllLines(log.file()).size());
    }

    @Test
    void anObserverNeverRecordsAnOwnerLiveAfterItsStopRequestOrItsEnd() throws Exception {
        HistoryLog log = log();
        Actor stopper = new Actor(99, "hostwarden stop gateway");
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.GATEWAY, 10L).withOwner(5L, null, null)));
        assertTrue(log.append(HistoryEvent.of(EventType.LIVE, Role.GATEWAY, 10L).withOwner(5L, null, null)));
        assertTrue(log.append(HistoryEvent.of(EventType.STOP_REQUESTED, Role.GATEWAY, 10L).withOwner(5L, null, null).withActor(stopper)));
        assertTrue(log.append(HistoryEvent.of(EventType.STALE, Role.SERVE, 20L)), "another role in between");
        assertFalse(log.append(HistoryEvent.of(EventType.LIVE, Role.GATEWAY, 10L).withOwner(5L, null, null)),
                "a refresh that inspected before the stop and writes after it");
        assertTrue(log.append(HistoryEvent.of(EventType.STOPPED, Role.GATEWAY, 10L).withOwner(5L, null, null).withExitCode(0)));
        assertFalse(log.append(HistoryEvent.of(EventType.LIVE, Role.GATEWAY, 10L).withOwner(5L, null, null)), "after its own end");
        assertFalse(log.append(HistoryEvent.of(EventType.APPEARED, Role.GATEWAY, 10L)), "an appearance says the same");
        assertTrue(log.append(HistoryEvent.of(EventType.LIVE, Role.GATEWAY, 10L).withOwner(6L, null, null)),
                "the same PID, another incarnation (reused): a new owner");
        assertTrue(log.append(HistoryEvent.of(EventType.LIVE, Role.GATEWAY, 12L).withOwner(7L, null, null)), "another owner");
        assertTrue(log.append(HistoryEvent.of(EventType.STOP_REQUESTED, Role.GATEWAY, 12L).withActor(stopper)));
        assertTrue(log.append(HistoryEvent.of(EventType.STOP_CANCELLED, Role.GATEWAY, 12L).withActor(stopper)));
        assertTrue(log.append(HistoryEvent.of(EventType.LIVE, Role.GATEWAY, 12L).withOwner(7L, null, null)),
                "after a cancelled stop the owner is seen live again");
        List<EventType> types = log.read().events().stream().map(HistoryEvent::type).toList();
        assertEquals(List.of(EventType.STARTED, EventType.LIVE, EventType.STOP_REQUESTED, EventType.STALE, EventType.STOPPED, EventType.LIVE,
                EventType.LIVE, EventType.STOP_REQUESTED, EventType.STOP_CANCELLED, EventType.LIVE), types);
    }

    /** A supervised start or a launch noted between two sightings of one owner is no news of the owner: one "live" line. */
    @Test
    void aSightingAfterANoteOfAnActionAboutTheSameOwnerIsNotWrittenAgain() throws Exception {
        HistoryLog log = log();
        Actor panel = new Actor(99, "the Hostwarden panel");
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.SERVE, 10L).withOwner(5L, List.of(), "/h")));
        assertTrue(log.append(HistoryEvent.of(EventType.LIVE, Role.SERVE, 10L).withOwner(5L, List.of(), "/h")));
        assertTrue(log.append(HistoryEvent.of(EventType.SUPERVISED_START, Role.SERVE, 10L).withAttempt(2).withPrevious(9L).withActor(panel)));
        assertFalse(log.append(HistoryEvent.of(EventType.LIVE, Role.SERVE, 10L).withOwner(5L, List.of(), "/h")), "the same owner, seen again");
        assertTrue(log.append(HistoryEvent.of(EventType.LAUNCHED, Role.SERVE, 10L).withActor(panel)));
        assertFalse(log.append(HistoryEvent.of(EventType.LIVE, Role.SERVE, 10L).withOwner(5L, List.of(), "/h")));
        assertTrue(log.append(HistoryEvent.of(EventType.LIVE, Role.SERVE, 10L).withOwner(5L, List.of("work"), "/h")),
                "news of the owner (it serves another profile) is still written");
        assertEquals(List.of(EventType.STARTED, EventType.LIVE, EventType.SUPERVISED_START, EventType.LAUNCHED, EventType.LIVE),
                log.read().events().stream().map(HistoryEvent::type).toList());
    }

    @Test
    void aDirectoryThatIsNotOneIsLeftAlone() throws Exception {
        Path state = Files.createDirectories(tmp.resolve("state"));
        Files.writeString(state.resolve("hostwarden"), "a file where the directory belongs");
        assertFalse(log().append(HistoryEvent.of(EventType.STARTED, Role.GATEWAY, 10L)));
        assertEquals("a file where the directory belongs", Files.readString(state.resolve("hostwarden")));
        assertEquals(List.of(), log().read().events());
    }
}
