package dev.hostwarden.panel;

import com.sun.jna.Library;
import com.sun.jna.Native;
import dev.hostwarden.core.platform.Platform;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * How the panel draws, decided before the JavaFX toolkit starts. The panel is text and cards with no
 * animation, so JavaFX's own software renderer draws it well, and GTK is asked not to load OpenGL:
 * on a machine without a GPU that pulls in Mesa's LLVM, about 50 MB of resident memory for nothing.
 * The software renderer's region cache is left off too: it keeps small backgrounds of several fills
 * (buttons, cards) in one 2048x1024 image, 8 MB of the heap held for the panel's whole life, to spare
 * filling a few rounded rectangles at a repaint (src/bench/panel-footprint.sh: 9 MB less resident).
 * On a local X display GDK talks to the server synchronously ({@code GDK_SYNCHRONIZE}): cairo puts
 * each frame's pixels on screen through a shared-memory buffer taken from a pool eight window-sizes
 * large, and a buffer is free again only once the server is known to have read it. Talking
 * asynchronously, the next frame usually starts before that is known and takes another part of the
 * pool, and in half an hour of use three to six window-sized buffers stayed resident (9 to 18.5 MB);
 * synchronously, one. It measured no dearer in CPU (src/bench/panel-footprint.sh). Over a network,
 * where shared memory cannot be used and each wait is a round trip, it stays off.
 * Each is only a default: {@code -Dprism.order=...}, {@code -Dprism.disableRegionCaching=false},
 * {@code GDK_GL=...}, {@code GDK_SYNCHRONIZE}, {@code -Dhostwarden.panel.synchronousX=false} or
 * {@code -Djavafx.animation.pulse=...} given by the user win. Both variables are set in this process
 * only, never in Java's copy of the environment, so the programs the panel starts do not inherit them.
 */
final class RenderingDefaults {
    static final String PULSE_PROPERTY = "javafx.animation.pulse";
    /** JavaFX wakes its event loop at the pulse rate even when nothing moves (60 Hz by default). */
    static final String PANEL_PULSE_HZ = "30";
    static final String ORDER_PROPERTY = "prism.order";
    static final String SOFTWARE = "sw";
    static final String REGION_CACHING_PROPERTY = "prism.disableRegionCaching";
    /** {@code false}: GDK talks to the X server asynchronously, as it does by default. */
    static final String SYNCHRONOUS_X_PROPERTY = "hostwarden.panel.synchronousX";
    /** A display on this machine, reached through a Unix socket: {@code :0}, {@code :1.0}, {@code unix:2}. */
    private static final Pattern LOCAL_DISPLAY = Pattern.compile("(unix)?:[0-9]+(\\.[0-9]+)?");

    private RenderingDefaults() {
    }

    /** libc's setenv: GTK reads GDK_GL and GDK_SYNCHRONIZE from the process environment, which Java cannot change. */
    private interface LibC extends Library {
        int setenv(String name, String value, int overwrite);
    }

    static void apply(boolean debug) {
        if (!debug) {
            JavaFxChatter.silence();
        }
        boolean disableGl = wantsGlDisabled();
        boolean synchronousX = wantsSynchronousX(System.getenv(), System.getProperty(ORDER_PROPERTY),
                System.getProperty(SYNCHRONOUS_X_PROPERTY));
        applyProperties(System.getProperties());
        if (disableGl || synchronousX) {
            try {
                // Before GTK starts (BeforeGtk); the launcher reads the environment only through Java's copy.
                LibC libc = Native.load("c", LibC.class);
                if (disableGl) {
                    libc.setenv("GDK_GL", "disable", 0);
                }
                if (synchronousX) {
                    libc.setenv("GDK_SYNCHRONIZE", "1", 0);
                }
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
     * {@code -Dprism.order} says otherwise) and the user did not set GDK_GL.
     */
    static boolean wantsGlDisabled() {
        return drawsInSoftwareOnGtk(System.getProperty(ORDER_PROPERTY)) && System.getenv("GDK_GL") == null;
    }

    /**
     * GDK is to talk to the X server synchronously: on Linux, drawing in software, on a local display,
     * unless the user set GDK_SYNCHRONIZE or {@code -Dhostwarden.panel.synchronousX=false}.
     */
    static boolean wantsSynchronousX(Map<String, String> environment, String order, String choice) {
        String display = environment.get("DISPLAY");
        return drawsInSoftwareOnGtk(order) && !"false".equals(choice)
                && environment.get("GDK_SYNCHRONIZE") == null && display != null && LOCAL_DISPLAY.matcher(display).matches();
    }

    /** GTK's variables matter only where JavaFX runs on GTK, and only while it draws in software. */
    private static boolean drawsInSoftwareOnGtk(String order) {
        return Platform.current().desktop() == Platform.Desktop.FREEDESKTOP && (order == null || order.equals(SOFTWARE));
    }
}
