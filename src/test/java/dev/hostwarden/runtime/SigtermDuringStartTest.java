package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A plain SIGTERM ends {@code run} with 1 at every instant once this program's code runs, not only
 * after READY: a JVM left to its own handler exits 143 there, which a supervisor with
 * restart-on-failure does not read as hermes' "unexpected, revive me". Each case starts a real owner
 * JVM that logs its class loading to a file, waits until a class of one start-up phase has been
 * loaded (argument parsing, building the owner, preparing its endpoint), and sends SIGTERM right
 * then. Before the JVM runs any of our code (its own start-up) the default 143 cannot be avoided;
 * the first phase here is the earliest the program can vouch for.
 */
@EnabledOnOs(OS.LINUX)
class SigtermDuringStartTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "SIGTERM once {0} is loaded")
    @ValueSource(strings = {"dev.hostwarden.cli.FastStatus", "picocli.CommandLine", "dev.hostwarden.runtime.HostOwner",
        "dev.hostwarden.runtime.IdentityServer", "READY"})
    void sigtermAtThisInstantExitsOne(String instant) throws Exception {
        Path classLog = tmp.resolve("classes.log");
        Path locks = tmp.resolve("locks");
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-Xlog:class+load=info:file=" + classLog, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "run", "serve", "--lock-dir", locks.toString(), "--home", tmp.resolve("home").toString());
        try (ChildProcess owner = ChildProcess.start(command, Map.of())) {
            if (instant.equals("READY")) {
                assertEquals("READY role=serve pid=" + owner.pid(), owner.readLine(DEADLINE));
            } else {
                Waits.until(instant + " loaded by PID " + owner.pid(), DEADLINE, () -> loaded(classLog, instant));
            }
            owner.process().destroy();
            assertEquals(1, owner.waitFor(DEADLINE), "SIGTERM once " + instant + " is loaded; stderr:\n" + owner.stderr());
        }
        RendezvousDir dir = RendezvousDir.of(locks);
        assertFalse(Files.exists(dir.recordPath(Role.SERVE)), "no record left behind");
        assertFalse(Files.exists(dir.tokenPath(Role.SERVE)), "no token left behind");
        assertTrue(Files.readString(classLog).contains(" dev.hostwarden.runtime.OwnerSignals "), "the log covers the run path");
    }

    private static boolean loaded(Path classLog, String className) {
        try {
            return Files.exists(classLog) && Files.readString(classLog).contains(" " + className + " ");
        } catch (IOException notYet) {
            return false;
        }
    }
}
