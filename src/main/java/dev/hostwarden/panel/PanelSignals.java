package dev.hostwarden.panel;

import dev.hostwarden.runtime.SignalHandlers;
import java.time.Duration;

/**
 * SIGTERM, SIGINT and SIGHUP quit the panel the way its Quit does: the window's geometry is saved,
 * the tray icon removed, the single-instance socket closed, exit 0. Left to the JVM's defaults, a
 * logout's or {@code pkill}'s SIGTERM ran the shutdown hooks under a live JavaFX loop, lost the
 * geometry and sometimes printed a JavaFX stack trace.
 */
final class PanelSignals {
    private static final String[] HANDLED = {"TERM", "INT", "HUP"};
    /** How long a quit may take before the process is stopped anyway (a stuck FX thread must not keep it). */
    static final Duration QUIT_PATIENCE = Duration.ofSeconds(5);
    private static volatile Runnable quit;

    private PanelSignals() {
    }

    static void install() {
        SignalHandlers.install(HANDLED, PanelSignals::onSignal);
    }

    /** From now on a signal runs {@code action} (which hands the quit to the FX thread). */
    static void onQuit(Runnable action) {
        quit = action;
    }

    private static void onSignal(String name) {
        Runnable action = quit;
        if (action == null) {
            // No window yet: nothing to save.
            System.exit(0);
        }
        Thread deadline = new Thread(() -> {
            try {
                Thread.sleep(QUIT_PATIENCE.toMillis());
            } catch (InterruptedException interrupted) {
                return;
            }
            System.err.println("hostwarden: the panel did not quit within " + QUIT_PATIENCE.toSeconds() + " s of SIG" + name + "; stopping it");
            Runtime.getRuntime().halt(1);
        }, "hostwarden-quit-deadline");
        deadline.setDaemon(true);
        deadline.start();
        action.run();
    }
}
