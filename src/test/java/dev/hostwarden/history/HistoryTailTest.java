package dev.hostwarden.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.record.Role;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A writer keeps the history's parsed tail between its appends (the panel appends its sightings at
 * every refresh): it parses only what was written since, and decides exactly as a writer that reads
 * the tail afresh, whatever happens to the file in between.
 */
class HistoryTailTest {
    @TempDir
    Path tmp;

    private static HistoryLog at(Path dir) {
        return HistoryLog.at(dir.resolve("hostwarden").resolve("history.jsonl"));
    }

    @Test
    void aWriterParsesOnlyTheLinesWrittenSinceItsLastAppend() throws Exception {
        Path dir = tmp.resolve("state");
        HistoryLog panel = at(dir);
        HistoryLog others = at(dir);
        for (int i = 0; i < 200; i++) {
            assertTrue(others.append(HistoryEvent.of(i % 2 == 0 ? EventType.STARTED : EventType.STOPPED, Role.DESKTOP_SERVE, 1000L + i / 2)));
        }
        HistoryEvent live = HistoryEvent.of(EventType.LIVE, Role.GATEWAY, 10L).withOwner(5L, List.of("a"), "/h");
        assertTrue(panel.append(live));
        long first = panel.linesParsed();
        assertTrue(first >= 200, "the first append reads the whole tail: " + first);
        for (int i = 0; i < 100; i++) {
            assertTrue(others.append(HistoryEvent.of(i % 2 == 0 ? EventType.STARTED : EventType.STOPPED, Role.DESKTOP_SERVE, 2000L + i / 2)));
            assertFalse(panel.append(live), "the gateway, seen again, is no news");
        }
        // One new line each time, not the tail's 300 again and again (30,000).
        assertEquals(100, panel.linesParsed() - first);
    }

    @Test
    void aLastLineLeftWithoutItsNewlineStillCounts() throws Exception {
        HistoryLog log = at(tmp.resolve("state"));
        HistoryEvent live = HistoryEvent.of(EventType.LIVE, Role.SERVE, 10L).withOwner(5L, List.of(), "/h");
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.SERVE, 9L)));
        // Its writer was killed between the line and its newline.
        Files.writeString(log.file(), line(live).strip(), StandardOpenOption.APPEND);
        assertFalse(log.append(live), "the same owner, already seen live");
        assertTrue(log.append(HistoryEvent.of(EventType.STOPPED, Role.SERVE, 10L)));
        assertEquals(3, Files.readAllLines(log.file()).size());
    }

    /**
     * A long-lived writer (keeping its tail) and a fresh writer decide on byte-identical files: before
     * each append the history is copied for the fresh one. Every decision must be the same, through
     * other writers, torn lines, truncation, deletion, rewrites by hand and rotations.
     */
    @Test
    void aKeptTailDecidesAsAFreshReadWouldWhateverHappensToTheFile() throws Exception {
        Path keptDir = tmp.resolve("kept");
        Path freshDir = tmp.resolve("fresh");
        HistoryLog kept = at(keptDir);
        Path file = kept.file();
        Files.createDirectories(file.getParent());
        Files.createDirectories(at(freshDir).file().getParent());
        Random random = new Random(20261204L);
        int written = 0;
        HistoryEvent pending = null;
        for (int step = 0; step < 3000; step++) {
            int op = random.nextInt(100);
            if (op < 75 || pending != null) {
                HistoryEvent event = pending == null ? randomEvent(random) : pending;
                pending = null;
                HistoryLog fresh = at(freshDir);
                Files.deleteIfExists(fresh.file());
                if (Files.exists(file)) {
                    Files.copy(file, fresh.file());
                }
                boolean freshAnswer = fresh.append(event);
                // A third of the appends come from other writers, whose lines the long-lived one has not read.
                boolean keptAnswer = (random.nextInt(3) > 0 ? kept : at(keptDir)).append(event);
                assertEquals(freshAnswer, keptAnswer, "step " + step + ": " + line(event));
                written += keptAnswer ? 1 : 0;
            } else if (op < 85) {
                // A writer killed mid-line, or just before its newline (an unterminated line that is an event).
                // The latter is followed by the same observation, which it repeats.
                pending = random.nextBoolean() ? null : randomEvent(random);
                String torn = pending == null ? "{\"torn" : line(pending).strip();
                Files.writeString(file, torn, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } else if (op < 89 && Files.exists(file)) {
                // By hand, in place (the same file): the older half of the lines moved after the newer.
                List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
                List<String> rest = new ArrayList<>(lines.subList(lines.size() / 2, lines.size()));
                rest.addAll(lines.subList(0, lines.size() / 2));
                Files.write(file, rest, StandardCharsets.UTF_8, StandardOpenOption.TRUNCATE_EXISTING);
            } else if (op < 92) {
                Files.deleteIfExists(file);
            } else if (op < 95 && Files.exists(file)) {
                Files.write(file, new byte[0], StandardOpenOption.TRUNCATE_EXISTING);
            } else if (op < 98 && Files.exists(file)) {
                // Another writer's rotation.
                Files.move(file, kept.rotated(), StandardCopyOption.REPLACE_EXISTING);
            } else if (op >= 98) {
                // Close to the bound: the next append rotates the file itself. Each line its own, as real lines are.
                long size = Files.exists(file) ? Files.size(file) : 0;
                StringBuilder block = new StringBuilder();
                for (int n = 0; ; n++) {
                    String filler = line(HistoryEvent.of(EventType.STALE, Role.DESKTOP_SERVE, 77L).withReason("filler" + n));
                    if (size + block.length() + filler.length() >= HistoryLog.MAX_BYTES - 40) {
                        break;
                    }
                    block.append(filler);
                }
                Files.writeString(file, block, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            }
        }
        assertTrue(written > 300, "the run wrote lines, not only repeats: " + written);
    }

    private static String line(HistoryEvent event) {
        return JsonStreams.compact(event::writeTo) + "\n";
    }

    private static HistoryEvent randomEvent(Random random) {
        EventType[] types = {EventType.STARTED, EventType.LIVE, EventType.LIVE, EventType.APPEARED, EventType.STOPPED, EventType.STOP_REQUESTED,
                EventType.STALE, EventType.RETRACTED, EventType.SUPERVISED_START, EventType.LAUNCHED};
        Role role = Role.values()[random.nextInt(Role.values().length)];
        long pid = 10 + random.nextInt(3);
        HistoryEvent event = HistoryEvent.of(types[random.nextInt(types.length)], role, pid);
        if (random.nextBoolean()) {
            event = event.withOwner(5L + random.nextInt(2), null, null);
        }
        if (random.nextInt(4) == 0) {
            event = event.withLockDir(Path.of("/run/other"));
        }
        return event;
    }
}
