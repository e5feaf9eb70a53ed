package dev.hostwarden.panel;

import com.sun.jna.Library;
import com.sun.jna.Native;
import dev.hostwarden.core.platform.Platform;
import java.util.Properties;

/**
 * How the panel draws, decided before the JavaFX toolkit starts. The panel is text and cards with no
 * animation, so JavaFX's own software renderer draws it well, and GTK is asked not to load OpenGL:
 * on a machine without a GPU that pulls in Mesa's LLVM, about 50 MB of resident memory for nothing.
 * The software renderer's region cache is left off too: it keeps small backgrounds of several fills
 * (buttons, cards) in one 2048x1024 image, 8 MB of the heap held for the panel's whole life, to spare
 * filling a few rounded rectangles at a repaint (src/bench/panel-footprint.sh: 9 MB less resident).
 * Each is only a default: {@code -Dprism.order=...}, {@code -Dprism.disableRegionCaching=false},
 * {@code GDK_GL=...} or {@code -Djavafx.animation.pulse=...} given by the user win.
 */
final class RenderingDefaults {
    static final String PULSE_PROPERTY = "javafx.animation.pulse";
    /** JavaFX wakes its event loop at the pulse rate even when nothing moves (60 Hz by default). */
    static final String PANEL_PULSE_HZ = "30";
    static final String ORDER_PROPERTY = "prism.order";
    static final String SOFTWARE = "sw";
    static final String REGION_CACHING_PROPERTY = "prism.disableRegionCaching";

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
        boolean disableGl = wantsGlDisabled();
        applyProperties(System.getProperties());
        if (disableGl) {
            try {
                // Before GTK starts (BeforeGtk); the launcher reads the environment only through Java's copy.
                Native.load("c", LibC.class).setenv("GDK_GL", "disable", 0);
            } catch (UnsatisfiedLinkError | RuntimeException unavailable) {
                // Only a memory saving is lost; the panel draws the same.
            }
        }
    }

    /** The JavaFX settings among the defaults, each left as the user gave it. */
    static void applyProperties(Properties properties) {
        properties.putIfAbsent(PULSE_PROPERTY, PANEL_PULSE_HZ);
        properties.putIfAbsent(ORDER_PROPERTY, SOFTWARE);
        // With a GPU pipeline the cache is a texture, not heap, and saves real work.
        if (SOFTWARE.equals(properties.getProperty(ORDER_PROPERTY))) {
            properties.putIfAbsent(REGION_CACHING_PROPERTY, "true");
        }
    }

    /**
     * GTK is to be told not to load OpenGL: on Linux, drawing in software (the default here, unless
     * {@code -Dprism.order} says otherwise) and the user did not set GDK_GL. {@link PanelReexec} asks
     * too, to put it in its replacement's environment from the start.
     */
    static boolean wantsGlDisabled() {
        String order = System.getProperty(ORDER_PROPERTY);
        return Platform.current().desktop() == Platform.Desktop.FREEDESKTOP
                && (order == null || order.equals(SOFTWARE)) && System.getenv("GDK_GL") == null;
    }
}
