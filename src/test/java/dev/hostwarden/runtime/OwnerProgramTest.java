package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.testsupport.ChildProcess;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * Which live owners a restart may replace with the reference owner: only Hostwarden's own, told
 * apart by the command line (hermes writes the same record).
 */
class OwnerProgramTest {

    @Test
    void hostwardenIsItsMainClassItsJarOrItsLauncher() {
        assertTrue(OwnerProgram.runsHostwarden("/usr/bin/java", List.of("-cp", "/a/b.jar", "dev.hostwarden.Main", "run", "gateway")));
        assertTrue(OwnerProgram.runsHostwarden("/usr/bin/java", List.of("-Xshare:auto", "-jar", "/opt/hostwarden/lib/hostwarden-0.1.0.jar", "run")));
        assertTrue(OwnerProgram.runsHostwarden("/opt/hostwarden/bin/hostwarden", List.of("run", "serve")));
    }

    @Test
    void hermesAndOtherProgramsAreNot() {
        assertFalse(OwnerProgram.runsHostwarden("/usr/bin/python3.11", List.of("/usr/local/bin/hermes", "gateway", "run")));
        assertFalse(OwnerProgram.runsHostwarden("/usr/bin/python3", List.of("bot.py", "--name", "hostwarden")));
        assertFalse(OwnerProgram.runsHostwarden("/usr/bin/java", List.of("-jar", "embedder.jar", "hostwarden.jar", "dev.hostwarden.Mainly")));
    }

    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aRealProcessIsReadFromTheOperatingSystem() throws Exception {
        try (ChildProcess sleeper = ChildProcess.start(List.of("sleep", "60"), Map.of())) {
            OwnerProgram program = OwnerProgram.of(sleeper.pid());
            assertEquals(OwnerProgram.Kind.OTHER, program.kind());
            assertTrue(program.commandLine().contains("sleep"), program.commandLine());
            sleeper.kill();
            sleeper.waitFor(Duration.ofSeconds(30));
            assertEquals(OwnerProgram.Kind.UNKNOWN, OwnerProgram.of(sleeper.pid()).kind(), "a gone process cannot be read");
        }
    }
}
