package dev.hostwarden.panel;

import java.util.List;
import javafx.application.Application;

/**
 * The panel's entry point, called reflectively by {@code dev.hostwarden.Main} when there is no
 * command (or only {@code --no-tray}), so the command line never links against JavaFX or AWT.
 */
public final class PanelLauncher {
    private static volatile PanelOptions options = new PanelOptions(false);

    private PanelLauncher() {
    }

    /** What the panel was started with. */
    public record PanelOptions(boolean noTray) {
    }

    public static void launch(String[] args) {
        options = new PanelOptions(List.of(args).contains("--no-tray"));
        RenderingDefaults.apply();
        String noDisplay = missingDisplay();
        if (noDisplay != null) {
            System.err.println("hostwarden: the panel cannot start: " + noDisplay
                    + "; the commands work without one (hostwarden --help)");
            System.exit(1);
        }
        try {
            Application.launch(PanelApp.class, args);
        } catch (RuntimeException failed) {
            Throwable cause = failed;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            System.err.println("hostwarden: the panel cannot start: " + cause.getMessage());
            System.exit(1);
        }
        // AWT's event thread (the tray) would keep the JVM alive after the last window closed.
        System.exit(0);
    }

    /** Why no window can open here (Linux/BSD without an X or Wayland display), or null. */
    static String missingDisplay() {
        String os = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT);
        if (os.contains("win") || os.contains("mac")) {
            return null;
        }
        boolean x11 = System.getenv("DISPLAY") != null && !System.getenv("DISPLAY").isEmpty();
        boolean wayland = System.getenv("WAYLAND_DISPLAY") != null && !System.getenv("WAYLAND_DISPLAY").isEmpty();
        return x11 || wayland ? null : "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)";
    }

    static PanelOptions options() {
        return options;
    }
}
