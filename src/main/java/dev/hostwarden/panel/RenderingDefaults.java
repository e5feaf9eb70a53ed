package dev.hostwarden.panel;

import com.sun.jna.Library;
import com.sun.jna.Native;
import dev.hostwarden.core.platform.Platform;

/**
 * How the panel draws, decided before the JavaFX toolkit starts. The panel is text and cards with no
 * animation, so JavaFX's own software renderer draws it well, and GTK is asked not to load OpenGL:
 * on a machine without a GPU that pulls in Mesa's LLVM, about 50 MB of resident memory for nothing.
 * Each is only a default: {@code -Dprism.order=...}, {@code GDK_GL=...} or {@code -Djavafx.animation.pulse=...}
 * given by the user win.
 */
final class RenderingDefaults {
    static final String PULSE_PROPERTY = "javafx.animation.pulse";
    /** JavaFX wakes its event loop at the pulse rate even when nothing moves (60 Hz by default). */
    static final String PANEL_PULSE_HZ = "30";

    private RenderingDefaults() {
    }

    /** libc's setenv: GTK reads GDK_GL from the process environment, which Java cannot change. */
    private interface LibC extends Library {
        int setenv(String name, String value, int overwrite);
    }

    static void apply(boolean debug) {
        if (!debug) {
            JavaFxChatter.silence();
        }
        setIfAbsent(PULSE_PROPERTY, PANEL_PULSE_HZ);
        boolean disableGl = wantsGlDisabled();
        setIfAbsent("prism.order", "sw");
        if (disableGl) {
            try {
                // Before GTK starts (BeforeGtk); the launcher reads the environment only through Java's copy.
                Native.load("c", LibC.class).setenv("GDK_GL", "disable", 0);
            } catch (UnsatisfiedLinkError | RuntimeException unavailable) {
                // Only a memory saving is lost; the panel draws the same.
            }
        }
    }

    /**
     * GTK is to be told not to load OpenGL: on Linux, drawing in software (the default here, unless
     * {@code -Dprism.order} says otherwise) and the user did not set GDK_GL. {@link PanelReexec} asks
     * too, to put it in its replacement's environment from the start.
     */
    static boolean wantsGlDisabled() {
        String order = System.getProperty("prism.order");
        return Platform.current().desktop() == Platform.Desktop.FREEDESKTOP
                && (order == null || order.equals("sw")) && System.getenv("GDK_GL") == null;
    }

    private static void setIfAbsent(String property, String value) {
        if (System.getProperty(property) == null) {
            System.setProperty(property, value);
        }
    }
}
