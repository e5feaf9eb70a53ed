package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.HostwardenLauncher;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.HermesOwnerScript;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 8 item 1: with {@code hermes} not on PATH and no launch command configured, the default
 * relaunch is Hostwarden's reference owner, which must not quietly replace a real hermes gateway.
 * A python3 process plays the hermes owner: hermes' flock, token and record, as hermes writes them.
 */
@EnabledOnOs(OS.LINUX)
class RestartHermesOwnerTest {
    @TempDir
    Path tmp;

    private ChildProcess hermes;

    @BeforeEach
    void startTheHermesOwner() throws Exception {
        Files.createDirectories(tmp.resolve("home"));
        hermes = HermesOwnerScript.writeTo(tmp)
                .start(locks().toString(), tmp.resolve("home").toString(), "gateway", "", "hermes-gateway-test-token");
        assertEquals(hermes.pid(), Long.parseLong(hermes.readLine(CliChild.DEADLINE).strip()), hermes.stderr());
        assertEquals(hermes.pid(), CliChild.livePid(locks(), Role.GATEWAY), "the python owner is the live gateway owner");
    }

    /** Ends whatever owner a restart launched, also when a failing assertion came first. */
    @AfterEach
    void cleanUp() {
        Long owner = CliChild.livePid(locks(), Role.GATEWAY);
        hermes.close();
        if (owner != null && owner != hermes.pid()) {
            ProcessHandle.of(owner).ifPresent(ProcessHandle::destroyForcibly);
        }
    }

    private Path locks() {
        return tmp.resolve("locks");
    }

    /** No hermes on PATH, no settings file, no installed launcher: the default would be the reference owner. */
    private Map<String, String> env() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("PATH", Files.createDirectories(tmp.resolve("empty-path")).toString());
        env.put("XDG_STATE_HOME", tmp.resolve("state").toString());
        env.put("XDG_CONFIG_HOME", tmp.resolve("config").toString());
        env.put("HOSTWARDEN_SETTINGS", null);
        env.put(HostwardenLauncher.VARIABLE, null);
        return env;
    }

    @Test
    void aHermesOwnerIsNotReplacedByTheReferenceOwnerUnlessAsked() throws Exception {
        byte[] record = Files.readAllBytes(locks().resolve("host-gateway.json"));

        CliChild.Result result = CliChild.run(tmp, env(), "restart", "gateway", "--lock-dir", locks().toString(), "--timeout", "30");

        assertEquals(78, result.code(), result.toString());
        assertEquals(1, result.err().lines().count(), "one line: " + result);
        assertTrue(result.err().contains("roles.gateway.command in " + tmp.resolve("config/hostwarden/settings.json")),
                "it names the settings key and file: " + result);
        assertTrue(result.err().contains("--relaunch-reference"), result.toString());
        assertTrue(result.err().contains("PID " + hermes.pid()), result.toString());
        assertTrue(hermes.process().isAlive(), "the hermes owner still runs");
        assertEquals(hermes.pid(), CliChild.livePid(locks(), Role.GATEWAY), "and is still the live owner");
        assertArrayEquals(record, Files.readAllBytes(locks().resolve("host-gateway.json")), "its record is untouched");
        assertTrue(Files.notExists(tmp.resolve("home/.gateway-planned-stop.json")), "no stop was begun");
    }

    @Test
    void relaunchReferenceReplacesTheHermesOwnerOnPurpose() throws Exception {
        CliChild.Result result = CliChild.run(tmp, env(), "restart", "gateway", "--relaunch-reference",
                "--lock-dir", locks().toString(), "--timeout", "30");
        Long relaunched = CliChild.livePid(locks(), Role.GATEWAY);

        assertEquals(0, result.code(), result.toString());
        assertNotEquals(0, hermes.waitFor(CliChild.DEADLINE), "the hermes owner ended by the stop's SIGTERM");
        assertNotNull(relaunched, result.toString());
        assertNotEquals(hermes.pid(), relaunched);
        // Read from /proc: the JDK reports no arguments at all for a command line over 4096 bytes (the test class path).
        var arguments = List.of(Files.readString(Path.of("/proc", relaunched.toString(), "cmdline"), StandardCharsets.UTF_8).split("\0"));
        assertTrue(arguments.contains("dev.hostwarden.Main"), "the reference owner took over: " + arguments);
        // hermes served its root home alone, which is every home there is: the reference gateway then
        // multiplexes (no --profiles, so later profiles are picked up) and publishes the same set.
        assertTrue(!arguments.contains("--profiles"), "a multiplexing relaunch pins no profile list: " + arguments);
        var record = new ObjectMapper().readTree(locks().resolve("host-gateway.json").toFile());
        assertEquals("[\"default\"]", record.path("profiles").toString(), "serving what hermes served: " + record);
    }
}
