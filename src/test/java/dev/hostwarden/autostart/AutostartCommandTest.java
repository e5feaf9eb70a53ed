package dev.hostwarden.autostart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Cli;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code hostwarden autostart on|off|status} in a child JVM, with its own HOME and XDG_CONFIG_HOME. */
class AutostartCommandTest {
    @TempDir
    Path tmp;

    @Test
    void statusOnStatusOffStatusWithTheContractsExitCodes() throws Exception {
        Path launcher = Files.writeString(Files.createDirectories(tmp.resolve("opt/bin")).resolve("hostwarden"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        Map<String, String> env = Map.of("HOME", tmp.resolve("home").toString(), "XDG_CONFIG_HOME", tmp.resolve("config").toString(),
                "HOSTWARDEN_LAUNCHER", launcher.toString());
        Path entry = tmp.resolve("config/autostart/hostwarden.desktop");

        Cli.Result off = Cli.runChildJvm(env, "autostart", "status");
        assertEquals(3, off.exit(), off.toString());
        assertTrue(off.out().contains("not enabled"), off.out());

        Cli.Result on = Cli.runChildJvm(env, "autostart", "on");
        assertEquals(0, on.exit(), on.toString());
        assertTrue(Files.readAllLines(entry).contains("Exec=" + launcher));

        Cli.Result status = Cli.runChildJvm(env, "autostart", "status", "--json");
        assertEquals(0, status.exit(), status.toString());
        assertTrue(status.json().path("autostart").path("enabled").asBoolean(), status.out());
        assertEquals(launcher.toString(), status.json().path("autostart").path("command").asText());

        assertEquals(0, Cli.runChildJvm(env, "autostart", "off").exit());
        assertFalse(Files.exists(entry));
        assertEquals(3, Cli.runChildJvm(env, "autostart", "status").exit());
    }

    @Test
    void aBadActionIsOneUsageLineAndChangesNothing() throws Exception {
        Map<String, String> env = Map.of("HOME", tmp.resolve("home").toString(), "XDG_CONFIG_HOME", tmp.resolve("config").toString());
        Cli.Result bad = Cli.runChildJvm(env, "autostart", "sideways");
        assertEquals(2, bad.exit(), bad.toString());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
        assertTrue(bad.err().contains("'sideways'") && bad.err().contains("on, off, status"), bad.err());
        assertFalse(Files.exists(tmp.resolve("config")));
    }

    @Test
    void withoutALauncherOnFailsInOneLineAndWritesNothing() throws Exception {
        Map<String, String> env = Map.of("HOME", tmp.resolve("home").toString(), "XDG_CONFIG_HOME", tmp.resolve("config").toString(),
                "PATH", tmp.resolve("empty").toString());
        Cli.Result on = Cli.runChildJvm(env, "autostart", "on");
        assertEquals(1, on.exit(), on.toString());
        assertEquals(1, on.err().strip().lines().count(), on.err());
        assertFalse(Files.exists(tmp.resolve("config")));
    }
}
