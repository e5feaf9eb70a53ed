package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 21: docks match a window to its menu entry by WM_CLASS. JavaFX names the window after the
 * application class (dev.hostwarden.panel.PanelApp), and the menu entry had no StartupWMClass, so the
 * panel's window showed as an unknown application. The entry now names that class; this holds both
 * sides together: the entry's key against the class, and the real window's WM_CLASS (JavaFX's GTK
 * platform under Xvfb with openbox, read with xprop) against the entry. The desktop part is skipped,
 * saying why, where Xvfb, openbox, xdotool or x11-utils are missing.
 */
class WindowClassTest {
    private static final Path MENU_ENTRY = Path.of("installer", "linux", "hostwarden.desktop");

    @TempDir
    Path temp;

    private static String startupWmClass() throws Exception {
        List<String> lines = Files.readAllLines(MENU_ENTRY);
        return lines.stream().filter(line -> line.startsWith("StartupWMClass=")).map(line -> line.substring("StartupWMClass=".length()))
                .findFirst().orElseThrow(() -> new AssertionError(MENU_ENTRY + " has no StartupWMClass"));
    }

    @Test
    void theMenuEntryNamesTheClassJavaFxGivesTheWindow() throws Exception {
        assertEquals(PanelApp.class.getName(), startupWmClass());
    }

    @Test
    void theRealWindowCarriesTheMenuEntrysClass() throws Exception {
        String wanted = startupWmClass();
        try (XDesktop desktop = XDesktop.start(1280, 800)) {
            Map<String, String> env = new HashMap<>(desktop.env());
            env.put("XDG_STATE_HOME", temp.resolve("state").toString());
            env.put("HERMES_HOME", temp.resolve("hermes").toString());
            env.put("HERMES_GATEWAY_LOCK_DIR", null);
            try (ChildProcess panel = ChildProcess.java(Main.class, env, "--no-tray", "--lock-dir", temp.resolve("locks").toString())) {
                String window = desktop.awaitWindow("Hostwarden", panel);
                String wmClass = desktop.run("xprop", "-id", window, "WM_CLASS").orElseThrow();
                assertTrue(wmClass.contains("\"" + wanted + "\""), "WM_CLASS of the panel's window: " + wmClass);
            }
        }
    }
}
