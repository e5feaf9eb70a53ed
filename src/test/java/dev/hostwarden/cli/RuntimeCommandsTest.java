package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.Main;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** The run/stop/restart/marker command lines: exit codes, one-line errors, nothing touched on bad input. */
class RuntimeCommandsTest {
    @TempDir
    Path tmp;

    private record Result(int code, String out, String err) {
    }

    private static Result cli(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Commands.run(args, new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private long filesUnder(Path dir) throws Exception {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.count();
        }
    }

    @Test
    void runConfigurationErrorsExit78WithOneLineAndTouchNothing() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "x");
        String locks = tmp.resolve("locks").toString();
        String home = tmp.resolve("home").toString();
        String[][] cases = {
            {"run", "serve", "--port", "70000", "--lock-dir", locks, "--home", home},
            {"run", "gateway", "--port", "8080", "--lock-dir", locks, "--home", home},
            {"run", "serve", "--home", file.toString(), "--lock-dir", locks},
            {"run", "serve", "--poll-interval", "0", "--lock-dir", locks, "--home", home},
            {"run", "serve", "--profiles", "a,,b", "--lock-dir", locks, "--home", home},
        };
        String[] named = {"70000", "8080", file.toString(), "0.0", "a,,b"};
        long before = filesUnder(tmp);
        for (int i = 0; i < cases.length; i++) {
            Result result = cli(cases[i]);
            assertEquals(78, result.code(), String.join(" ", cases[i]) + ": " + result.err());
            assertEquals(1, result.err().lines().count(), result.err());
            assertTrue(result.err().contains(named[i]), "the line names the bad value: " + result.err());
            assertEquals("", result.out());
        }
        assertEquals(before, filesUnder(tmp), "nothing was created");
    }

    @Test
    void everyRuntimeCommandHasHelp() {
        for (String command : new String[] {"run", "stop", "restart", "marker", "marker show", "marker write"}) {
            String[] args = (command + " --help").split(" ");
            Result result = cli(args);
            assertEquals(0, result.code(), command + ": " + result.err());
            assertTrue(result.out().startsWith("Usage: hostwarden " + command), result.out());
        }
    }

    @Test
    void usageErrorsExit2AndTouchNothing() throws Exception {
        String home = tmp.resolve("home").toString();
        String[][] cases = {
            {"run", "nope"},
            {"stop", "gateway", "--timeout", "-1"},
            {"restart", "serve", "--timeout", "0"},
            {"marker", "write", "--target", "0", "--home", home},
            {"marker", "write", "--target", "abc", "--home", home},
            {"marker", "write", "--target", "5", "--home", home},
        };
        String[] named = {"nope", "-1", "0", "0", "abc", home};
        for (int i = 0; i < cases.length; i++) {
            Result result = cli(cases[i]);
            assertEquals(2, result.code(), String.join(" ", cases[i]) + ": " + result.err());
            assertTrue(result.err().lines().findFirst().orElse("").contains(named[i]), result.err());
        }
        assertFalse(Files.exists(tmp.resolve("home")), "nothing was created");
    }

    @Test
    void markerWriteThenShowIsReadOnlyAndNamesTheLiveProcess() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        assertEquals(3, cli("marker", "show", "--home", home.toString()).code());

        Result written = cli("marker", "write", "--target", Long.toString(Platform.currentPid()), "--home", home.toString());
        assertEquals(0, written.code(), written.err());
        Result shown = cli("marker", "show", "--home", home.toString());
        assertEquals(0, shown.code());
        assertTrue(shown.out().contains("PID " + Platform.currentPid() + " is alive with the same start time"), shown.out());
        assertTrue(shown.out().contains("of its 60s TTL: live"), shown.out());

        ObjectNode json = RecordCodec.parseObject(cli("marker", "show", "--json", "--home", home.toString()).out().getBytes(StandardCharsets.UTF_8));
        assertEquals(Platform.currentPid(), json.get("targetPid").longValue());
        assertEquals(Platform.currentPid(), json.get("stopperPid").longValue());
        assertTrue(json.get("target").get("namesLiveProcess").booleanValue());
        assertFalse(json.get("expired").booleanValue());
    }

    /** A marker that cannot be written is one line naming the marker and why, exit 1, and no temporary file left behind. */
    @Test
    void aMarkerThatCannotBeWrittenIsOneLineNamingWhy() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path inTheWay = Files.createDirectories(PlannedStopMarker.pathFor(home));

        Result written = cli("marker", "write", "--target", Long.toString(Platform.currentPid()), "--home", home.toString());

        assertEquals(1, written.code(), written.toString());
        assertEquals(1, written.err().lines().count(), written.err());
        assertEquals("hostwarden: could not write the marker " + inTheWay + ": is a directory: " + inTheWay, written.err().strip());
        try (var left = Files.list(home)) {
            assertEquals(List.of(inTheWay), left.toList(), "no temporary file is left behind");
        }
    }

    @Test
    void markerShowNeverDeletesAnExpiredMarker() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path marker = PlannedStopMarker.pathFor(home);
        Files.writeString(marker, JsonTrees.compact(JsonTrees.object().put("target_pid", 4_000_000).put("target_start_time", 7)
                .put("stopper_pid", 1).put("written_at", "2000-01-01T00:00:00+00:00")));

        Result shown = cli("marker", "show", "--home", home.toString());

        assertEquals(0, shown.code());
        assertTrue(shown.out().contains("EXPIRED"), shown.out());
        assertTrue(shown.out().contains("is not running"), shown.out());
        assertTrue(Files.exists(marker), "show is read-only");
    }

    @Test
    void stopWithoutALiveOwnerExits3() {
        Result result = cli("stop", "serve", "--lock-dir", tmp.resolve("locks").toString(), "--timeout", "1");
        assertEquals(3, result.code(), result.err());
        assertTrue(result.out().contains("no live serve owner"), result.out());
    }

    @Test
    void restartWithAnUnusableSettingsFileExits78NamingIt() throws Exception {
        Path settings = Files.writeString(tmp.resolve("settings.json"), "{\"roles\": {\"gateway\": {\"command\": \"hermes\"}}}");
        Result result = cli("restart", "gateway", "--settings", settings.toString(), "--lock-dir", tmp.resolve("locks").toString());
        assertEquals(78, result.code(), result.err());
        assertTrue(result.err().contains(settings.toString()) && result.err().contains("command"), result.err());
        assertFalse(Files.exists(tmp.resolve("locks")), "nothing was stopped or created");
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aSecondRunExits75WithOneLineNamingTheOwner() throws Exception {
        Map<String, String> env = Map.of("HERMES_GATEWAY_LOCK_DIR", tmp.resolve("locks").toString(), "HERMES_HOME", tmp.resolve("home").toString());
        try (ChildProcess owner = ChildProcess.java(Main.class, env, "run", "serve");
             ChildProcess second = startSecondAfterReady(owner, env)) {
            assertEquals(75, second.waitFor(Duration.ofSeconds(30)));
            String lines = second.stderr().strip();
            assertEquals(1, lines.lines().count(), lines);
            assertTrue(lines.contains("PID " + owner.pid()), lines);
        }
    }

    private static ChildProcess startSecondAfterReady(ChildProcess owner, Map<String, String> env) throws Exception {
        assertEquals("READY role=serve pid=" + owner.pid(), owner.readLine(Duration.ofSeconds(30)));
        return ChildProcess.java(Main.class, env, "run", "serve");
    }
}
