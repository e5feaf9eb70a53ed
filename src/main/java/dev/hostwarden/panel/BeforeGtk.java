package dev.hostwarden.panel;

import dev.hostwarden.panel.tray.AwtTray;
import java.awt.Toolkit;
import java.time.Duration;

/**
 * What must be done before JavaFX starts GTK, done on a thread of its own while the launcher claims
 * the single instance, then waited for: the rendering defaults ({@link RenderingDefaults}: GDK_GL and
 * GDK_SYNCHRONIZE set through libc by JNA, about 0.12 s of a cold start) and, where a tray icon is
 * wanted on X11, AWT's start.
 *
 * <p>AWT sets Xlib's process-wide error handler once, when its toolkit starts, and JavaFX keeps a GDK
 * error trap pushed for as long as its event loop runs. Started later (as the tray used to start it),
 * AWT replaced the handler under that trap: GDK printed "XSetErrorHandler() called with a GDK error trap
 * pushed" on stderr, and from then on AWT's own X errors went to GDK. Started first, AWT's handler is the
 * one GDK saves and restores.
 */
final class BeforeGtk {
    private static final Duration PATIENCE = Duration.ofSeconds(5);
    private final Thread preparing;

    private BeforeGtk(Thread preparing) {
        this.preparing = preparing;
    }

    /** Begins the preparation; {@code trayWanted} adds AWT's start on X11. */
    static BeforeGtk begin(boolean debug, boolean trayWanted) {
        boolean awt = trayWanted && onX11();
        // The environment is changed here while the launcher's thread goes on: it reads the environment
        // only through Java's copy (System.getenv), and glibc keeps a replaced environment array alive.
        Thread thread = new Thread(() -> {
            RenderingDefaults.apply(debug);
            if (awt) {
                startAwt();
            }
        }, "hostwarden-before-gtk");
        thread.setDaemon(true);
        thread.start();
        return new BeforeGtk(thread);
    }

    private static void startAwt() {
        try {
            Toolkit.getDefaultToolkit();
        } catch (RuntimeException | Error unavailable) {
            // No AWT here (headless, no X server): the tray reports why when it tries.
        }
    }

    /** Waits for the preparation (bounded); call right before JavaFX starts. */
    void await() {
        try {
            preparing.join(PATIENCE.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static boolean onX11() {
        String display = System.getenv("DISPLAY");
        return AwtTray.onX11() && display != null && !display.isEmpty();
    }
}
