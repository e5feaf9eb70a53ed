package dev.hostwarden.panel;

import java.time.Duration;
import java.util.Locale;

/**
 * On X11, starts AWT (which the tray icon uses) before JavaFX starts GTK. JavaFX keeps a GDK error
 * trap pushed for as long as its event loop runs, and AWT sets Xlib's process-wide error handler once,
 * when its toolkit starts: started later (as the tray used to start it), GDK found a foreign handler
 * under its trap, printed "XSetErrorHandler() called with a GDK error trap pushed" on stderr, and from
 * then on AWT's own X errors went to GDK. Started first, AWT's handler is the one GDK saves and
 * restores. The start (about 0.1 s) overlaps the launcher's other work before JavaFX starts.
 */
final class AwtBeforeGtk {
    private static final Duration PATIENCE = Duration.ofSeconds(5);
    private final Thread starting;

    private AwtBeforeGtk(Thread starting) {
        this.starting = starting;
    }

    /** Begins AWT's start on a thread of its own where a tray icon will be wanted on X11; else does nothing. */
    static AwtBeforeGtk begin(boolean trayWanted) {
        if (!trayWanted || !onX11()) {
            return new AwtBeforeGtk(null);
        }
        Thread thread = new Thread(AwtBeforeGtk::startAwt, "hostwarden-awt-start");
        thread.setDaemon(true);
        thread.start();
        return new AwtBeforeGtk(thread);
    }

    private static void startAwt() {
        try {
            java.awt.Toolkit.getDefaultToolkit();
        } catch (RuntimeException | Error unavailable) {
            // No AWT here (headless, no X server): the tray reports why when it tries.
        }
    }

    /** Waits for AWT to be up (bounded); call right before JavaFX starts. */
    void awaitStarted() {
        if (starting == null) {
            return;
        }
        try {
            starting.join(PATIENCE.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean onX11() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String display = System.getenv("DISPLAY");
        return !os.contains("win") && !os.contains("mac") && display != null && !display.isEmpty();
    }
}
