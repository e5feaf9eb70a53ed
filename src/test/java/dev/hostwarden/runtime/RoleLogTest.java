package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A launched owner's log stays bounded while the owner keeps appending to it, and its tail reads back. */
class RoleLogTest {
    @TempDir
    Path tmp;

    @Test
    void aLogPastItsBoundIsCopiedAndTruncatedWhileItsWriterKeepsAppending() throws Exception {
        Path file = tmp.resolve("serve.log");
        RoleLog log = new RoleLog(file);
        // A real writer with an appending descriptor, as a launched owner has (sh's >> is O_APPEND).
        try (ChildProcess writer = ChildProcess.start(List.of("sh", "-c", "i=0; while true; do i=$((i+1)); "
                + "echo \"line $i of a chatty owner, padded to take some room in the log file .................\" >> '" + file + "'; done"),
                Map.of())) {
            Waits.until("the log passes 64 KiB", Duration.ofSeconds(30), () -> size(file) > 64 * 1024);
            assertTrue(log.rotateIfLarge(32 * 1024));
            assertTrue(Files.size(log.rotated()) > 32 * 1024, "the old lines went to .1");
            assertTrue(Files.readString(log.rotated()).startsWith("line 1 of"), "from the first");
            Waits.until("the writer goes on at the start of the truncated file", Duration.ofSeconds(30), () -> size(file) > 0);
            // Truncated, not only copied: the file no longer starts with the first line. (Its size says
            // nothing here: a fast writer may have refilled it before it is measured.)
            String first = Files.readString(file).lines().findFirst().orElse("");
            assertFalse(first.startsWith("line 1 of"), "truncated: the file starts with " + first);
            Waits.until("it grows past the bound again", Duration.ofSeconds(30), () -> size(file) > 64 * 1024);
            assertTrue(log.rotateIfLarge(32 * 1024));
        }
        assertFalse(log.rotateIfLarge(RoleLog.MAX_BYTES), "a small log is left alone");
        List<String> tail = log.tail(3);
        assertEquals(3, tail.size());
        assertTrue(tail.get(2).startsWith("line "), tail.toString());
        assertTrue(Files.size(file) < RoleLog.MAX_BYTES && Files.size(log.rotated()) < RoleLog.MAX_BYTES, "both files stay bounded");
    }

    @Test
    void theTailReadsIntoTheRotatedFileWhenTheLogHasFewerLines() throws Exception {
        RoleLog log = new RoleLog(tmp.resolve("gateway.log"));
        assertFalse(log.exists());
        Files.writeString(log.rotated(), "old 1\nold 2\n");
        Files.writeString(log.file(), "new 1\n");
        assertEquals(List.of("old 2", "new 1"), log.tail(2));
        List<String> lines = new ArrayList<>();
        LogFollower follower = new LogFollower(log.file());
        Files.writeString(log.file(), "new 2\npartial", StandardOpenOption.APPEND);
        assertTrue(follower.readNew(lines::add));
        assertEquals(List.of("new 2"), lines, "a line still being written waits for its end");
        Files.writeString(log.file(), "");
        Files.writeString(log.file(), "after rotation\n");
        follower.readNew(lines::add);
        assertEquals(List.of("new 2", "after rotation"), lines, "a truncated file is read from its start");
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (Exception absent) {
            return 0;
        }
    }
}
