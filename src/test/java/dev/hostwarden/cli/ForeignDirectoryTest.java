package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A rendezvous directory that belongs to another OS user (issue 8, point 2): {@code run} refuses it
 * with exit 78 and one line, writing and chmodding nothing; {@code status} and {@code explain} show
 * it as UNUSABLE in the {@code lockDir} check; {@code retract} changes nothing. The tests run as
 * root, which can chown a directory to uid 65534 (nobody) and would be allowed to write into it.
 */
class ForeignDirectoryTest {
    private static final int NOBODY = 65534;

    @TempDir
    Path tmp;

    private Path foreignDir(String mode) throws IOException {
        Path dir = Files.createDirectory(tmp.resolve("gateway-locks"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
        Files.setAttribute(dir, "unix:uid", NOBODY);
        return dir;
    }

    private static List<String> listing(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(Path::toString).sorted().toList();
        }
    }

    @ParameterizedTest(name = "mode {0}")
    @ValueSource(strings = {"rwxrwxrwx", "rwxr-xr-x", "rwx------"})
    void runRefusesWithExit78AndTouchesNothing(String mode) throws Exception {
        Fixtures.assumeRoot("a directory of another uid needs chown");
        Path dir = foreignDir(mode);
        Path home = tmp.resolve("home");

        Cli.Result run = Cli.runChildJvm(Map.of("HERMES_HOME", home.toString()), "run", "gateway", "--lock-dir", dir.toString())
                .assertPlain();

        assertEquals(78, run.exit(), run.toString());
        assertEquals("", run.out(), "no READY line");
        List<String> lines = run.err().strip().lines().toList();
        assertEquals(1, lines.size(), run.toString());
        assertTrue(lines.get(0).contains(dir.toString()) && lines.get(0).contains("belongs to another user (uid " + NOBODY),
                run.toString());
        assertEquals(List.of(), listing(dir), "no lock file, record or token");
        assertEquals(mode, Fixtures.modeOf(dir), "never chmodded");
        assertEquals(NOBODY, Files.getAttribute(dir, "unix:uid"));
        assertFalse(Files.exists(home), "refused before anything was created");
    }

    @Test
    void statusAndExplainReportTheDirectoryAsUnusable() throws Exception {
        Fixtures.assumeRoot("a directory of another uid needs chown");
        Path dir = foreignDir("rwxrwxrwx");

        Cli.Result all = Cli.run("status", "--json", "--lock-dir", dir.toString()).assertPlain();
        assertEquals(4, all.exit(), "several roles, the directory itself unusable: " + all);
        for (JsonNode role : all.json().path("roles")) {
            assertEquals("UNUSABLE", role.path("verdict").asText(), all.toString());
            assertEquals("LOCK_DIR_UNUSABLE", role.path("reasons").get(0).path("code").asText());
            JsonNode check = role.path("checks").get(0);
            assertEquals("lockDir", check.path("name").asText());
            assertEquals("FAIL", check.path("result").asText());
            assertTrue(check.path("evidence").asText().contains("belongs to another user (uid " + NOBODY), all.toString());
            assertFalse(role.path("retractable").asBoolean());
        }
        Cli.Result text = Cli.run("status", "--lock-dir", dir.toString()).assertPlain();
        assertEquals(4, text.exit(), text.toString());

        Cli.Result explain = Cli.run("explain", "gateway", "--lock-dir", dir.toString()).assertPlain();
        assertEquals(4, explain.exit(), explain.toString());
        assertTrue(explain.out().contains("lockDir") && explain.out().contains("FAIL") && explain.out().contains("another user"),
                explain.toString());

        Cli.Result retract = Cli.run("retract", "--json", "--lock-dir", dir.toString(), "gateway").assertPlain();
        assertEquals(4, retract.exit(), retract.toString());
        assertEquals(List.of(), listing(dir));
        assertEquals("rwxrwxrwx", Fixtures.modeOf(dir), "status, explain and retract chmod nothing");
    }

    @Test
    void ensureRefusesAForeignDirectoryAndLeavesItsMode() throws Exception {
        Fixtures.assumeRoot("a directory of another uid needs chown");
        Path dir = foreignDir("rwxrwxr-x");
        IOException refused = assertThrows(IOException.class, () -> RendezvousDir.of(dir).ensure());
        assertTrue(refused.getMessage().contains("belongs to another user"), refused.getMessage());
        assertEquals("rwxrwxr-x", Fixtures.modeOf(dir));
        assertEquals("COULD_NOT_OPEN", Fixtures.rendezvous(dir).claimHostLock(Role.SERVE).outcome().name());
        assertEquals(List.of(), listing(dir), "a claim creates no lock file there either");
    }

    /** A directory of our own that others may write to is ours: repaired to 0700 as hermes does, and used. */
    @Test
    void aWorldWritableDirectoryOfOurOwnIsRepairedNotRefused() throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("gateway-locks"));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Cli.Result status = Cli.run("status", "--json", "--lock-dir", dir.toString(), "gateway").assertPlain();
        assertEquals("NO_OWNER", status.role().path("verdict").asText(), status.toString());
        RendezvousDir.of(dir).ensure();
        assertEquals("rwx------", Fixtures.modeOf(dir));
    }

    /** Several roles exit 4 only when the directory itself is unusable, not when one role's lock file is. */
    @Test
    void severalRolesExit4OnlyForAnUnusableDirectory() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "in the way");
        for (String[] args : List.of(new String[] {"status", "--lock-dir", file.toString()},
                new String[] {"status", "--json", "--lock-dir", file.toString(), "gateway", "serve"})) {
            Cli.Result result = Cli.run(args).assertPlain();
            assertEquals(4, result.exit(), String.join(" ", args) + "\n" + result);
        }
        Path dir = tmp.resolve("locks");
        RendezvousDir.of(dir).ensure();
        Files.createDirectory(RendezvousDir.of(dir).lockPath(Role.GATEWAY));
        Cli.Result oneLockFile = Cli.run("status", "--json", "--lock-dir", dir.toString()).assertPlain();
        assertEquals(0, oneLockFile.exit(), oneLockFile.toString());
        assertEquals("UNUSABLE", oneLockFile.json().path("roles").get(0).path("verdict").asText(), oneLockFile.toString());
    }
}
