package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.record.RecordCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 8 item 8: a rendezvous directory that cannot be read hides the owner. {@code stop} and
 * {@code restart} say so (exit 4, "cannot see the owner: ...") and signal and launch nothing; they
 * never report "no live owner" for a place they could not look. The tests run as root, which mode
 * 000 does not stop, so the directory is made unusable by a regular file in its place.
 */
@DisabledOnOs(OS.WINDOWS)
class StopUnusableDirTest {
    @TempDir
    Path tmp;

    private Path aRegularFile() throws Exception {
        return Files.writeString(tmp.resolve("not-a-dir"), "a file, not a directory");
    }

    private void assertCannotSee(CliChild.Result result, Path named) {
        assertEquals(4, result.code(), result.toString());
        assertEquals(1, result.err().lines().count(), "one line: " + result);
        assertTrue(result.err().contains("cannot see the owner: ") && result.err().contains(named.toString()), result.toString());
        assertFalse(result.err().contains("no live"), "it did not find nobody, it could not look: " + result);
    }

    private Map<String, String> env() {
        return Map.of("XDG_STATE_HOME", tmp.resolve("state").toString());
    }

    @Test
    void stopAndRestartExit4WhenTheLockDirIsARegularFile() throws Exception {
        Path file = aRegularFile();

        assertCannotSee(CliChild.run(tmp, env(), "stop", "gateway", "--lock-dir", file.toString(), "--timeout", "1"), file);
        assertCannotSee(CliChild.run(tmp, env(), "restart", "gateway", "--lock-dir", file.toString(), "--timeout", "5"), file);

        assertFalse(Files.exists(tmp.resolve("state/hostwarden")), "restart launched nothing (no launch log)");
        assertEquals("a file, not a directory", Files.readString(file), "the file is untouched");
    }

    @Test
    void stopAndRestartExit4WhenTheLockDirLiesUnderARegularFile() throws Exception {
        Path under = aRegularFile().resolve("gateway-locks");

        assertCannotSee(CliChild.run(tmp, env(), "stop", "serve", "--lock-dir", under.toString(), "--timeout", "1"), under);
        assertCannotSee(CliChild.run(tmp, env(), "restart", "serve", "--lock-dir", under.toString(), "--timeout", "5"), under);

        assertFalse(Files.exists(tmp.resolve("state/hostwarden")), "restart launched nothing (no launch log)");
    }

    @Test
    void theJsonErrorNamesTheUnusableDirectory() throws Exception {
        Path file = aRegularFile();

        CliChild.Result result = CliChild.run(tmp, env(), "stop", "gateway", "--json", "--lock-dir", file.toString(), "--timeout", "1");

        assertEquals(4, result.code(), result.toString());
        ObjectNode error = (ObjectNode) RecordCodec.parseObject(result.out().getBytes(StandardCharsets.UTF_8)).get("error");
        assertEquals("LOCK_DIR_UNUSABLE", error.get("code").asText());
        assertTrue(error.get("message").asText().startsWith("cannot see the owner: "), error.toString());
    }
}
