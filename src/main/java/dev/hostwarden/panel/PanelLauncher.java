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
        Application.launch(PanelApp.class, args);
        // AWT's event thread (the tray) would keep the JVM alive after the last window closed.
        System.exit(0);
    }

    static PanelOptions options() {
        return options;
    }
}
