package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.HostwardenLauncher;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 8 item 1: {@code restart} proves the replacement can start before it stops anything. Every
 * refusal exits 78 with one line naming the bad value while the real owner stays the live owner; a
 * launch that fails after the stop says what state the role is left in and how to start it.
 */
@DisabledOnOs(OS.WINDOWS)
class RestartPreflightTest {
    @TempDir
    Path tmp;

    private final List<ChildProcess> owners = new ArrayList<>();
    private final List<Long> launched = new ArrayList<>();

    @AfterEach
    void cleanUp() {
        owners.forEach(ChildProcess::close);
        launched.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private Path locks() {
        return tmp.resolve("locks");
    }

    private ChildProcess serveOwner() throws Exception {
        ChildProcess owner = CliChild.owner(locks(), tmp.resolve("home"), "serve", "--port", "0");
        owners.add(owner);
        return owner;
    }

    /** The CLI's environment: logs into the test directory, no hermes on PATH. */
    private Map<String, String> env() throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("XDG_STATE_HOME", tmp.resolve("state").toString());
        env.put("PATH", Files.createDirectories(tmp.resolve("empty-path")).toString());
        env.put("HOSTWARDEN_SETTINGS", null);
        env.put(HostwardenLauncher.VARIABLE, null);
        return env;
    }

    private CliChild.Result restart(Map<String, String> env, String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("restart", "serve", "--lock-dir", locks().toString(), "--timeout", "30"));
        args.addAll(List.of(extra));
        CliChild.Result result = CliChild.run(tmp, env, args.toArray(new String[0]));
        // A wrong pass would leave a relaunched owner behind: end it with the test.
        Long now = CliChild.livePid(locks(), Role.SERVE);
        if (now != null) {
            launched.add(now);
        }
        return result;
    }

    private void assertRefusedAndUntouched(CliChild.Result result, ChildProcess owner, String named) {
        assertEquals(78, result.code(), result.toString());
        assertEquals(1, result.err().lines().count(), "one line: " + result);
        assertTrue(result.err().contains(named), "the line names " + named + ": " + result);
        assertTrue(result.err().contains("nothing was stopped"), result.toString());
        assertTrue(owner.process().isAlive(), "the owner still runs");
        assertEquals(owner.pid(), CliChild.livePid(locks(), Role.SERVE), "the owner is still the live owner");
        assertFalse(Files.exists(tmp.resolve("state/hostwarden/serve.log")), "nothing was launched");
    }

    private Path settings(String json) throws Exception {
        return Files.writeString(tmp.resolve("settings.json"), json);
    }

    @Test
    void aCommandThatIsNotOnPathIsRefusedBeforeTheOwnerIsStopped() throws Exception {
        ChildProcess owner = serveOwner();
        Path file = settings("{\"roles\": {\"serve\": {\"command\": [\"no-such-hermes\", \"serve\"]}}}");

        CliChild.Result result = restart(env(), "--settings", file.toString());

        assertRefusedAndUntouched(result, owner, "'no-such-hermes'");
        assertTrue(result.err().contains("roles.serve.command in " + file), "it names the key to fix: " + result);
    }

    @Test
    void aCommandPathThatIsNotExecutableIsRefused() throws Exception {
        ChildProcess owner = serveOwner();
        Path notExecutable = Files.writeString(tmp.resolve("not-executable"), "#!/bin/sh\n");
        Path file = settings("{\"roles\": {\"serve\": {\"command\": [\"" + notExecutable + "\"]}}}");

        assertRefusedAndUntouched(restart(env(), "--settings", file.toString()), owner, notExecutable.toString());
    }

    @Test
    void aMissingNamedSettingsFileIsRefusedNotReadAsDefaults() throws Exception {
        ChildProcess owner = serveOwner();
        Path missing = tmp.resolve("no-such-settings.json");

        assertRefusedAndUntouched(restart(env(), "--settings", missing.toString()), owner, missing.toString());
    }

    @Test
    void aMissingSettingsFileNamedByTheEnvironmentIsRefused() throws Exception {
        ChildProcess owner = serveOwner();
        Path missing = tmp.resolve("no-such-settings.json");
        Map<String, String> env = env();
        env.put("HOSTWARDEN_SETTINGS", missing.toString());

        assertRefusedAndUntouched(restart(env), owner, missing.toString());
    }

    @Test
    void aMissingWorkingDirectoryIsRefused() throws Exception {
        ChildProcess owner = serveOwner();
        Path gone = tmp.resolve("no-such-dir");
        Path file = settings("{\"roles\": {\"serve\": {\"command\": [\"/bin/sh\", \"-c\", \"exit 0\"], \"workingDirectory\": \"" + gone + "\"}}}");

        assertRefusedAndUntouched(restart(env(), "--settings", file.toString()), owner, gone.toString());
    }

    @Test
    void anInstalledLauncherThatIsNotExecutableIsRefused() throws Exception {
        ChildProcess owner = serveOwner();
        Path missing = tmp.resolve("opt/hostwarden/bin/hostwarden");
        Map<String, String> env = env();
        env.put(HostwardenLauncher.VARIABLE, missing.toString());

        CliChild.Result result = restart(env);

        assertRefusedAndUntouched(result, owner, missing.toString());
        assertTrue(result.err().contains(HostwardenLauncher.VARIABLE), result.toString());
    }

    /** issue 9 item 2: the reference owner is relaunched through the installed launcher, not java.home/bin/java. */
    @Test
    void theInstalledLauncherIsWhatRelaunchesTheReferenceOwner() throws Exception {
        ChildProcess owner = serveOwner();
        Path calls = tmp.resolve("launcher-calls");
        Path launcher = Files.writeString(tmp.resolve("hostwarden-launcher"), String.join("\n",
                "#!/bin/sh",
                "echo \"$@\" >> '" + calls + "'",
                "exec '" + Path.of(System.getProperty("java.home"), "bin", "java") + "' -cp '" + System.getProperty("java.class.path")
                        + "' dev.hostwarden.Main \"$@\"",
                ""));
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwx------"));
        Map<String, String> env = env();
        env.put(HostwardenLauncher.VARIABLE, launcher.toString());

        CliChild.Result result = restart(env);

        assertEquals(0, result.code(), result.toString());
        assertTrue(Files.readString(calls).startsWith("run serve"), "the launcher ran the new owner: " + Files.readString(calls));
        Long now = CliChild.livePid(locks(), Role.SERVE);
        assertNotNull(now, result.toString());
        assertNotEquals(owner.pid(), now);
        assertTrue(result.out().contains("launched PID") && result.out().contains(launcher.toString()), result.toString());
    }

    @Test
    void aLaunchThatFailsAfterTheStopSaysTheRoleStateAndHowToStartIt() throws Exception {
        ChildProcess owner = serveOwner();
        Path file = settings("{\"roles\": {\"serve\": {\"command\": [\"/bin/sh\", \"-c\", \"exit 3\"]}}}");

        CliChild.Result result = restart(env(), "--settings", file.toString());

        assertEquals(1, result.code(), result.toString());
        assertEquals(0, owner.waitFor(CliChild.DEADLINE), "the old owner was stopped as planned");
        String last = result.out().strip().lines().reduce((first, second) -> second).orElse("");
        assertTrue(last.contains("exited with 3"), last);
        assertTrue(last.contains("the serve role is now NO_OWNER (its owner PID " + owner.pid() + " was stopped)"), last);
        assertTrue(last.contains("start it with: /bin/sh -c exit 3"), last);
        assertTrue(last.contains(tmp.resolve("state/hostwarden/serve.log").toString()), "it names the log: " + last);
    }
}
