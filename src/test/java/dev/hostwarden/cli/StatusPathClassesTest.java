package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Cli;
import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.Owners;
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
 * never loading picocli, databind, OSHI, JNA, JavaFX or AWT; this pins that down without timing
 * anything, over a live owner, a dead record and a corrupt one.
 */
class StatusPathClassesTest {
    private static final List<String> FORBIDDEN = List.of("picocli.", "com.fasterxml.jackson.databind.", "oshi.", "com.sun.jna.",
            "javafx.", "java.awt.", "dev.hostwarden.panel.", "dev.hostwarden.runtime.", "dev.hostwarden.fleet.");

    @TempDir
    Path tmp;

    @Test
    void plainStatusLoadsNeitherPicocliNorDatabindNorTheDesktopStack() throws Exception {
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
