package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Cli;
import dev.hostwarden.core.Owners;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a plain {@code stop ROLE} loads in a fresh JVM. A stop issued while scripts keep two cores busy
 * gets a small share of them, so its own CPU decides how long it takes (src/bench/polling_stop.py):
 * it writes the planned-stop marker, signals, waits, and reads and appends the history, all without
 * picocli, Jackson, JNA, OSHI, the logging framework or the desktop stack. This pins that down against a
 * real {@code run serve} owner, in text and in JSON, without timing anything.
 */
class StopPathClassesTest {
    private static final List<String> FORBIDDEN = List.of("picocli.", "com.fasterxml.jackson.", "com.sun.jna.", "oshi.", "javafx.",
            "java.awt.", "java.util.logging.", "jdk.internal.logger.", "dev.hostwarden.panel.", "dev.hostwarden.fleet.");

    @TempDir
    Path tmp;

    @Test
    void aStopOfARealOwnerLoadsNoLibraryButItsOwn() throws Exception {
        Path dir = tmp.resolve("locks");
        Path home = Files.createDirectory(tmp.resolve("home"));
        Path state = tmp.resolve("state");
        Map<String, String> env = Map.of("HERMES_GATEWAY_LOCK_DIR", dir.toString(), "HERMES_HOME", home.toString(),
                "XDG_STATE_HOME", state.toString());
        for (List<String> args : List.of(List.of("stop", "serve"), List.of("stop", "serve", "--json"))) {
            try (ChildProcess serve = ChildProcess.java(dev.hostwarden.Main.class, env, "run", "serve")) {
                assertEquals("READY role=serve pid=" + serve.pid(), serve.readLine(Owners.START_TIMEOUT), serve.stderr());
                Path classLog = tmp.resolve("classes-" + args.size() + ".log");
                Cli.Result result = Cli.runChildJvm(List.of("-Xlog:class+load=info:file=" + classLog), env, args.toArray(String[]::new))
                        .assertPlain();
                assertEquals(0, result.exit(), result.toString());
                assertTrue(result.err().contains("wrote the planned-stop marker for PID " + serve.pid())
                        && result.err().contains("PID " + serve.pid() + " has exited"), result.toString());
                if (args.contains("--json")) {
                    assertEquals("STOPPED", result.json().path("outcome").asText(), result.out());
                    assertEquals(serve.pid(), result.json().path("oldPid").asLong(), result.out());
                }
                assertTrue(Files.notExists(PlannedStopMarker.pathFor(home)), "the owner consumed its marker");
                List<String> loaded = Files.readAllLines(classLog);
                assertTrue(loaded.stream().anyMatch(line -> line.contains(" dev.hostwarden.cli.FastStop ")),
                        "the log covers the picocli-free stop: " + String.join(" ", args));
                List<String> forbidden = loaded.stream()
                        .filter(line -> FORBIDDEN.stream().anyMatch(prefix -> line.contains("] " + prefix)))
                        .toList();
                assertEquals(List.of(), forbidden, String.join(" ", args));
            }
        }
        String history = Files.readString(state.resolve("hostwarden").resolve("history.jsonl"));
        assertTrue(history.contains("\"event\":\"stop_requested\"") && history.contains("\"byCommand\":\"hostwarden stop serve --json\""),
                history);
    }
}
