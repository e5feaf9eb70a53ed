package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The panel takes {@code --lock-dir} like every command: with only the panel's own options Main
 * starts the panel (here without a display, so it says so and exits 1, before writing anything);
 * anything else is the command line's.
 */
class PanelLaunchArgumentsTest {
    @TempDir
    Path temp;

    private ChildProcess main(String... args) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("DISPLAY", null);
        env.put("WAYLAND_DISPLAY", null);
        env.put("XDG_STATE_HOME", temp.resolve("state").toString());
        env.put("HERMES_GATEWAY_LOCK_DIR", null);
        env.put("HOSTWARDEN_FLEET", null);
        return ChildProcess.java(Main.class, env, args);
    }

    private void assertPanel(String... args) throws Exception {
        try (ChildProcess child = main(args)) {
            assertEquals(1, child.waitFor(Duration.ofSeconds(60)));
            assertTrue(child.stderr().startsWith("hostwarden: the panel cannot start: no display"), String.join(" ", args) + ": " + child.stderr());
        }
    }

    @Test
    void onlyThePanelsOwnOptionsStartThePanel() throws Exception {
        String locks = temp.resolve("locks").toString();
        assertPanel("--lock-dir", locks);
        assertPanel("--no-tray", "--lock-dir", locks);
        assertPanel("--lock-dir=" + locks, "--no-tray");
        assertPanel("--theme", "dark", "--lock-dir", locks);
        assertPanel("--theme=System");
        assertPanel("--fleet", "http://127.0.0.1:2379", "--lock-dir", locks);
        assertFalse(Files.exists(temp.resolve("state")), "nothing written");
        assertFalse(Files.exists(temp.resolve("locks")), "nothing written");
    }

    @Test
    void aMissingValueOrACommandIsTheCommandLines() throws Exception {
        for (String[] args : new String[][] {{"--lock-dir"}, {"--lock-dir", "--no-tray"}, {"--lock-dir", temp.toString(), "status"}}) {
            try (ChildProcess child = main(args)) {
                child.waitFor(Duration.ofSeconds(60));
                assertFalse(child.stderr().contains("the panel cannot start"), String.join(" ", args) + ": " + child.stderr());
            }
        }
    }

    @Test
    void aBadThemeIsOneLineAndExitTwoEvenWithoutADisplay() throws Exception {
        for (String[] args : new String[][] {{"--theme", "purple"}, {"--theme=purple", "--no-tray"}}) {
            try (ChildProcess child = main(args)) {
                assertEquals(2, child.waitFor(Duration.ofSeconds(60)), String.join(" ", args));
                assertEquals("hostwarden: --theme: 'purple' is not one of system, light, dark", child.stderr().strip());
            }
        }
        try (ChildProcess child = main("--theme")) {
            assertEquals(2, child.waitFor(Duration.ofSeconds(60)));
            assertEquals("hostwarden: --theme needs a value: one of system, light, dark", child.stderr().strip());
        }
        assertFalse(Files.exists(temp.resolve("state")), "nothing written");
    }

    @Test
    void aBadFleetEndpointIsOneLineAndExitTwoEvenWithoutADisplay() throws Exception {
        try (ChildProcess child = main("--fleet=ftp://nowhere", "--no-tray")) {
            assertEquals(2, child.waitFor(Duration.ofSeconds(60)));
            String said = child.stderr().strip();
            assertTrue(said.startsWith("hostwarden: ") && said.contains("ftp://nowhere") && !said.contains("\n"), said);
        }
        assertFalse(Files.exists(temp.resolve("state")), "nothing written");
    }
}
