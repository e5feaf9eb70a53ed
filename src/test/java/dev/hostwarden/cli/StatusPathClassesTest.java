package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Cli;
import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.Owners;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What plain {@code status} loads in a fresh JVM. Its speed (src/bench/status-latency.sh) rests on
 * never loading picocli, Jackson (core or databind), OSHI, JNA, JavaFX or AWT; this pins that down without timing
 * anything, over a live owner, a dead record and a corrupt one, and over real owners ({@code run
 * gateway} serving three profiles and {@code run serve}) whose endpoints status asks: their answers are
 * read without Jackson, and nothing on the path formats with {@code java.util.Formatter} or links a
 * lambda of ours.
 */
class StatusPathClassesTest {
    private static final List<String> FORBIDDEN = List.of("picocli.", "com.fasterxml.jackson.", "oshi.", "com.sun.jna.",
            "javafx.", "java.awt.", "dev.hostwarden.panel.", "dev.hostwarden.runtime.", "dev.hostwarden.fleet.");

    /** Besides FORBIDDEN, with live owners: the Formatter (text) and our own lambdas cost a fresh JVM more than the report. */
    private static final List<String> FORBIDDEN_WITH_OWNERS = List.of("java.util.Formatter ", "java.util.regex.Pattern ");

    @TempDir
    Path tmp;

    @Test
    void realOwnersAreAskedWithoutJacksonFormatterOrLambdas() throws Exception {
        Path dir = tmp.resolve("locks");
        Path home = Files.createDirectory(tmp.resolve("hermes-home"));
        Map<String, String> env = Map.of("HERMES_GATEWAY_LOCK_DIR", dir.toString(), "HERMES_HOME", home.toString());
        try (ChildProcess gateway = ChildProcess.java(dev.hostwarden.Main.class, env, "run", "gateway", "--profiles", "default,alpha,beta");
             ChildProcess serve = ChildProcess.java(dev.hostwarden.Main.class, env, "run", "serve")) {
            assertEquals("READY role=gateway pid=" + gateway.pid(), gateway.readLine(Owners.START_TIMEOUT), gateway.stderr());
            assertEquals("READY role=serve pid=" + serve.pid(), serve.readLine(Owners.START_TIMEOUT), serve.stderr());
            // A healthy gateway's runtime status, as hermes writes it: reading and judging it stays on the lean path.
            long ticks = ProcessInspector.system().startTicks(gateway.pid());
            Files.writeString(home.resolve("gateway_state.json"), "{\"pid\": " + gateway.pid() + ", \"start_time\": " + ticks
                    + ", \"gateway_state\": \"running\", \"desired_state\": \"running\", \"updated_at\": \"2026-12-03T12:04:00+00:00\","
                    + " \"platforms\": {\"telegram\": {\"state\": \"connected\", \"needs_attention\": false}}}");
            List<String[]> commands = List.of(new String[] {"status", "--json"}, new String[] {"status"},
                    new String[] {"status", "gateway", "--json"}, new String[] {"status", "serve"});
            for (String[] args : commands) {
                Path classLog = tmp.resolve("owners-" + String.join("-", args) + ".log");
                Cli.Result result = Cli.runChildJvm(List.of("-Xlog:class+load=info:file=" + classLog), env, args).assertPlain();
                assertEquals(0, result.exit(), result.toString());
                if (List.of(args).contains("--json")) {
                    for (var role : result.json().path("roles")) {
                        if (!role.path("role").asText().equals("desktop-serve")) {
                            assertEquals("LIVE", role.path("verdict").asText(), result.out());
                            boolean endpointPassed = false;
                            for (var check : role.path("checks")) {
                                endpointPassed |= check.path("name").asText().equals("endpoint") && check.path("result").asText().equals("PASS");
                            }
                            assertTrue(endpointPassed, "the owner's endpoint was asked and answered: " + result.out());
                        }
                    }
                    if (List.of(args).contains("gateway")) {
                        assertEquals("running", result.role().path("health").path("gatewayState").asText(), result.out());
                    }
                } else {
                    assertTrue(result.out().contains("LIVE") && !result.out().contains("ENDPOINT_SILENT"), result.out());
                }
                List<String> loaded = Files.readAllLines(classLog);
                assertTrue(loaded.stream().anyMatch(line -> line.contains(" dev.hostwarden.cli.FastStatus ")),
                        "the log covers the status path: " + String.join(" ", args));
                List<String> forbidden = loaded.stream()
                        .filter(line -> FORBIDDEN.stream().anyMatch(prefix -> line.contains("] " + prefix))
                                || FORBIDDEN_WITH_OWNERS.stream().anyMatch(name -> line.contains("] " + name))
                                || (line.contains("] dev.hostwarden.") && line.contains("$$Lambda")))
                        .toList();
                assertEquals(List.of(), forbidden, String.join(" ", args));
            }
        }
    }

    @Test
    void plainStatusLoadsNeitherPicocliNorJacksonNorTheDesktopStack() throws Exception {
        Path dir = tmp.resolve("gateway-locks");
        Path home = Files.createDirectory(tmp.resolve("home"));
        Fixtures.publishDead(dir, Role.SERVE, "tok");
        Fixtures.writeRaw(dir, Role.DESKTOP_SERVE, "{\"role\": \"desktop-serve\", \"pid\": [1]}");
        try (ChildProcess owner = Owners.publishing(dir, Role.GATEWAY, "tok2", home)) {
            for (String[] args : List.of(new String[] {"status", "--json", "--lock-dir", dir.toString()},
                    new String[] {"status", "--lock-dir", dir.toString()})) {
                Path classLog = tmp.resolve("classes-" + args.length + ".log");
                Cli.Result result = Cli.runChildJvm(List.of("-Xlog:class+load=info:file=" + classLog), Map.of(), args).assertPlain();
                assertEquals(0, result.exit(), result.toString());
                if (args[1].equals("--json")) {
                    assertEquals(List.of("LIVE", "STALE", "STALE"), result.json().findValuesAsText("verdict"), result.out());
                } else {
                    assertTrue(result.out().contains("LIVE") && result.out().contains("STALE"), result.out());
                }
                List<String> loaded = Files.readAllLines(classLog);
                assertTrue(loaded.stream().anyMatch(line -> line.contains(" dev.hostwarden.cli.FastStatus ")),
                        "the log covers the status path: " + String.join(" ", args));
                List<String> forbidden = loaded.stream()
                        .filter(line -> FORBIDDEN.stream().anyMatch(prefix -> line.contains("] " + prefix)))
                        .toList();
                assertEquals(List.of(), forbidden, String.join(" ", args));
            }
        }
    }
}
