package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status}, {@code explain} and {@code retract --dry-run} change nothing: every entry of a
 * populated rendezvous directory keeps its name, bytes, size, mode, inode and all three times, and
 * the directory its own times; a missing directory stays missing.
 */
class StatusIsReadOnlyTest {
    @TempDir
    Path tmp;

    /** Everything observable about every entry of a directory tree, as comparable text. */
    private static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.collect(Collectors.toList());
        }
        for (Path path : paths) {
            Map<String, Object> unix = new TreeMap<>(Files.readAttributes(path, "unix:*", LinkOption.NOFOLLOW_LINKS));
            StringBuilder entry = new StringBuilder();
            for (String key : List.of("ino", "dev", "mode", "nlink", "uid", "gid", "size", "lastModifiedTime", "ctime", "lastAccessTime")) {
                entry.append(key).append('=').append(unix.get(key)).append(' ');
            }
            if (Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
                entry.append("sha256=").append(Tokens.sha256Hex(Files.readAllBytes(path)));
            }
            entries.put(root.relativize(path).toString(), entry.toString());
        }
        return entries;
    }

    /**
     * Pins every access time an hour ahead. Under relatime a read right after a write moves atime, so
     * without this our own snapshot reads would change it; pinned, atime stays comparable and any
     * explicit time change (touch, utime, a rewrite) by the command under test shows.
     */
    private static void pinAccessTimes(Path root) throws IOException {
        FileTime ahead = FileTime.from(Instant.now().plus(1, ChronoUnit.HOURS));
        List<Path> paths;
        try (Stream<Path> walk = Files.walk(root)) {
            paths = walk.collect(Collectors.toList());
        }
        for (Path path : paths) {
            BasicFileAttributeView view = Files.getFileAttributeView(path, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
            view.setTimes(view.readAttributes().lastModifiedTime(), ahead, null);
        }
    }

    private static List<String[]> readOnlyCommands(Path dir) {
        List<String[]> commands = new ArrayList<>();
        commands.add(new String[] {"status", "--json", "--lock-dir", dir.toString()});
        commands.add(new String[] {"status", "--lock-dir", dir.toString()});
        for (Role role : Role.values()) {
            commands.add(new String[] {"status", "--lock-dir", dir.toString(), role.wireName()});
            commands.add(new String[] {"explain", "--lock-dir", dir.toString(), role.wireName()});
            commands.add(new String[] {"explain", "--json", "--lock-dir", dir.toString(), role.wireName()});
            commands.add(new String[] {"retract", "--dry-run", "--lock-dir", dir.toString(), role.wireName()});
            commands.add(new String[] {"retract", "--dry-run", "--json", "--lock-dir", dir.toString(), role.wireName()});
        }
        return commands;
    }

    @Test
    void nothingInAPopulatedDirectoryChanges() throws Exception {
        Path dir = tmp.resolve("gateway-locks");
        Path home = Files.createDirectory(tmp.resolve("home"));
        Fixtures.publishDead(dir, Role.SERVE, "serve-token");
        Fixtures.lockFile(dir, Role.SERVE);
        Fixtures.writeRaw(dir, Role.DESKTOP_SERVE, "{\"role\":\"desktop-serve\",\"pid\":");
        Files.writeString(RendezvousDir.of(dir).tokenPath(Role.DESKTOP_SERVE), "desktop-token");
        Fixtures.lockFile(dir, Role.DESKTOP_SERVE);
        try (ChildProcess owner = Owners.publishing(dir, Role.GATEWAY, "gateway-token", home)) {
            pinAccessTimes(dir);
            Map<String, String> before = snapshot(dir);
            assertEquals(10, before.size(), "the directory, 3 locks, 3 records, 3 tokens: " + before.keySet());

            JsonNode roles = Cli.run("status", "--json", "--lock-dir", dir.toString()).json().path("roles");
            assertEquals("LIVE", roles.get(0).path("verdict").asText(), roles.toString());
            assertEquals(owner.pid(), roles.get(0).path("lock").path("holderPid").asLong());
            assertEquals("STALE", roles.get(1).path("verdict").asText(), roles.toString());
            assertEquals("STALE", roles.get(2).path("verdict").asText(), roles.toString());
            assertEquals(before, snapshot(dir), "after the first status");

            for (String[] command : readOnlyCommands(dir)) {
                Cli.Result result = Cli.run(command).assertPlain();
                assertTrue(result.exit() != 2, String.join(" ", command) + ": " + result);
                assertEquals(before, snapshot(dir), "after in-process " + String.join(" ", command));
            }
            for (String[] command : List.of(readOnlyCommands(dir).get(0), readOnlyCommands(dir).get(1))) {
                Cli.Result result = Cli.runChildJvm(Map.of(), command).assertPlain();
                assertEquals(0, result.exit(), result.toString());
                assertEquals(before, snapshot(dir), "after child JVM " + String.join(" ", command));
            }
            for (Role role : Role.values()) {
                for (String verb : List.of("explain", "retract")) {
                    String[] command = verb.equals("explain")
                            ? new String[] {"explain", "--lock-dir", dir.toString(), role.wireName()}
                            : new String[] {"retract", "--dry-run", "--lock-dir", dir.toString(), role.wireName()};
                    Cli.Result result = Cli.runChildJvm(Map.of(), command).assertPlain();
                    assertTrue(result.exit() != 2, result.toString());
                    assertEquals(before, snapshot(dir), "after child JVM " + String.join(" ", command));
                }
            }
            assertTrue(owner.process().isAlive(), "nobody was signalled");
            assertEquals(LockState.HELD, FileLocks.probe(Role.GATEWAY.wireName(), RendezvousDir.of(dir).lockPath(Role.GATEWAY)).state());
        }
    }

    @Test
    void aMissingDirectoryStaysMissing() throws Exception {
        Path missing = tmp.resolve("missing").resolve("gateway-locks");
        pinAccessTimes(tmp);
        Map<String, String> before = snapshot(tmp);
        for (String[] command : readOnlyCommands(missing)) {
            Cli.Result result = Cli.run(command).assertPlain();
            assertTrue(result.exit() != 2, String.join(" ", command) + ": " + result);
        }
        Cli.Result child = Cli.runChildJvm(Map.of(), "status", "--json", "--lock-dir", missing.toString()).assertPlain();
        assertEquals(0, child.exit(), child.toString());
        for (JsonNode role : child.json().path("roles")) {
            assertEquals("NO_OWNER", role.path("verdict").asText(), child.toString());
            assertEquals("ABSENT", role.path("lock").path("state").asText(), child.toString());
        }
        assertFalse(Files.exists(tmp.resolve("missing")));
        assertEquals(before, snapshot(tmp));
    }

    /** The read-only commands never create or write the ownership history (nor anything else in the state directory). */
    @Test
    void readOnlyCommandsWriteNoHistory() throws Exception {
        Path dir = tmp.resolve("gateway-locks");
        Path state = tmp.resolve("state");
        Fixtures.publishDead(dir, Role.SERVE, "serve-token");
        Map<String, String> env = Map.of("XDG_STATE_HOME", state.toString(), "HERMES_HOME", tmp.resolve("home").toString());
        List<String[]> commands = new ArrayList<>(List.of(new String[] {"status", "--lock-dir", dir.toString()},
                new String[] {"explain", "--lock-dir", dir.toString(), "serve"},
                new String[] {"history"}, new String[] {"history", "--json", "serve"},
                new String[] {"doctor", "--lock-dir", dir.toString()}, new String[] {"doctor", "--json", "--lock-dir", dir.toString()}));
        for (String[] command : commands) {
            Cli.Result result = Cli.runChildJvm(env, command).assertPlain();
            assertTrue(result.exit() != 2, String.join(" ", command) + ": " + result);
            assertFalse(Files.exists(state), "after " + String.join(" ", command) + ": " + state + " was created");
        }
    }
}
