package dev.hostwarden.panel;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.panel.model.PanelFleet;
import dev.hostwarden.panel.theme.Appearance;
import dev.hostwarden.panel.theme.SystemThemeProbe;
import dev.hostwarden.panel.theme.ThemeChoice;
import dev.hostwarden.panel.theme.ThemeStore;
import java.nio.file.Path;
import java.time.Duration;
import javafx.application.Application;

/**
 * The panel's entry point, called reflectively by {@code dev.hostwarden.Main} when there is no
 * command (only {@code --no-tray}, {@code --lock-dir DIR} and {@code --theme WORD}), so the command line never links against JavaFX or AWT.
 */
public final class PanelLauncher {
    private static volatile PanelOptions options = new PanelOptions(false, null, false, null, null);
    /** The look, begun before JavaFX starts so the system's dark preference is asked while the toolkit loads. */
    private static volatile Appearance appearance;
    /** sysexits-style usage error, as the commands use. */
    private static final int EXIT_USAGE = 2;
    /** What a later launch's "show" does; the app sets it once its window exists. */
    private static volatile Runnable showWindow = new NothingYet();
    /** How long a later launch waits for a panel that is starting or shutting down. */
    private static final Duration INSTANCE_PATIENCE = Duration.ofSeconds(10);

    private PanelLauncher() {
    }

    /** What "show" does before the window exists. A class, not a lambda: this class is loaded by the JVM a bare java -jar replaces. */
    private static final class NothingYet implements Runnable {
        @Override
        public void run() {
            // No window yet: the one being built shows itself.
        }
    }

    /** Set to true for the panel's diagnostic lines on stderr (start-up timing, JavaFX's own notes). */
    static final String DEBUG_PROPERTY = "hostwarden.panel.debug";

    /**
     * What the panel was started with: {@code --no-tray}, {@code --lock-dir DIR} (null: the directory
     * hermes would use), {@code --theme system|light|dark} (null: the remembered one), the debug switch and
     * {@code --fleet URL[,URL…]} (else HOSTWARDEN_FLEET; null: no fleet, and no fleet class is loaded).
     */
    public record PanelOptions(boolean noTray, Path lockDir, boolean debug, ThemeChoice theme, String fleet) {
        static PanelOptions parse(String[] args) {
            boolean noTray = false;
            Path lockDir = null;
            String fleet = null;
            ThemeChoice theme = null;
            for (int i = 0; i < args.length; i++) {
                if (args[i].equals("--no-tray")) {
                    noTray = true;
                } else if (args[i].equals("--lock-dir") && i + 1 < args.length) {
                    lockDir = Path.of(args[++i]);
                } else if (args[i].startsWith("--lock-dir=")) {
                    lockDir = Path.of(args[i].substring("--lock-dir=".length()));
                } else if (args[i].equals("--fleet") && i + 1 < args.length) {
                    fleet = args[++i];
                } else if (args[i].startsWith("--fleet=")) {
                    fleet = args[i].substring("--fleet=".length());
                } else if (args[i].equals("--theme") || args[i].startsWith("--theme=")) {
                    String word = args[i].equals("--theme") ? (i + 1 < args.length ? args[++i] : "") : args[i].substring("--theme=".length());
                    theme = ThemeChoice.parse(word).orElseThrow(() -> new IllegalArgumentException(word.isEmpty()
                            ? "--theme needs a value: one of " + ThemeChoice.words()
                            : "--theme: '" + word + "' is not one of " + ThemeChoice.words()));
                }
            }
            if (fleet == null) {
                String fromEnvironment = System.getenv("HOSTWARDEN_FLEET");
                fleet = fromEnvironment == null || fromEnvironment.isBlank() ? null : fromEnvironment;
            }
            return new PanelOptions(noTray, lockDir, Boolean.getBoolean(DEBUG_PROPERTY), theme, fleet);
        }
    }

    public static void launch(String[] args) {
        boolean debug = Boolean.getBoolean(DEBUG_PROPERTY);
        PanelReexec.replaceIfBare(debug);
        if (debug) {
            System.err.println("PANEL_JVM " + PanelReexec.describeThisJvm());
        }
        ClassPreloader.start();
        try {
            options = PanelOptions.parse(args);
            if (options.fleet() != null) {
                // A bad endpoint is refused before any window opens, in the fleet's own words.
                PanelFleet.of(options.fleet());
            }
        } catch (IllegalArgumentException usage) {
            System.err.println("hostwarden: " + usage.getMessage());
            System.exit(EXIT_USAGE);
        }
        StartupTrace.mark("launch");
        PanelSignals.install();
        String noDisplay = missingDisplay();
        if (noDisplay != null) {
            System.err.println("hostwarden: the panel cannot start: " + noDisplay
                    + "; the commands work without one (hostwarden --help)");
            System.exit(1);
        }
        BeforeGtk beforeGtk = BeforeGtk.begin(options.debug(), !options.noTray());
        PanelInstance instance = new PanelInstance(stateDir(), INSTANCE_PATIENCE);
        switch (instance.claim(() -> showWindow.run())) {
            case ALREADY_RUNNING -> {
                System.err.println("hostwarden: the panel is already running (" + instance.detail() + "); its window comes to the front");
                System.exit(0);
            }
            case NOT_ANSWERING -> {
                System.err.println("hostwarden: " + instance.detail() + "; not starting a second panel");
                System.exit(1);
            }
            case UNGUARDED -> System.err.println("hostwarden: warning: " + instance.detail() + "; a second panel would not be noticed");
            default -> {
                // The first panel: go on.
            }
        }
        StartupTrace.mark("claimed");
        appearance = Appearance.begin(new ThemeStore(stateDir()), options.theme(), SystemThemeProbe.forThisMachine());
        beforeGtk.await();
        try {
            StartupTrace.mark("fx-launch");
            Application.launch(PanelApp.class, args);
        } catch (RuntimeException failed) {
            Throwable cause = failed;
            while (cause.getCause() != null) {
                cause = cause.getCause();
            }
            System.err.println("hostwarden: the panel cannot start: " + cause.getMessage());
            System.exit(1);
        }
        instance.close();
        // AWT's event thread (the tray) would keep the JVM alive after the last window closed.
        System.exit(0);
    }

    /** Why no window can open here (Linux/BSD without an X or Wayland display), or null. */
    static String missingDisplay() {
        if (Platform.current().desktop() != Platform.Desktop.FREEDESKTOP) {
            return null;
        }
        boolean x11 = System.getenv("DISPLAY") != null && !System.getenv("DISPLAY").isEmpty();
        boolean wayland = System.getenv("WAYLAND_DISPLAY") != null && !System.getenv("WAYLAND_DISPLAY").isEmpty();
        return x11 || wayland ? null : "no display (neither DISPLAY nor WAYLAND_DISPLAY is set)";
    }

    /** Hostwarden's own state directory: the panel's lock, socket and window placement. */
    static Path stateDir() {
        return Environment.system().stateHome().resolve("hostwarden");
    }

    /** Sets what a later launch's request to show the window does (run on a background thread). */
    static void onShowRequest(Runnable action) {
        showWindow = action;
    }

    static PanelOptions options() {
        return options;
    }

    /** The options a panel started another way (a test's own toolkit) runs with, as the command line would give them. */
    static void useOptions(String... args) {
        options = PanelOptions.parse(args);
        appearance = null;
    }

    /** The look begun at launch; a panel started another way (tests) begins its own. */
    static Appearance appearance() {
        Appearance begun = appearance;
        if (begun == null) {
            begun = Appearance.begin(new ThemeStore(stateDir()), options.theme(), SystemThemeProbe.forThisMachine());
            appearance = begun;
        }
        return begun;
    }
}
