package dev.hostwarden.panel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where and how big the window is: read from {@code window.json} in the panel's own state directory
 * at start, written there when the window hides or the panel quits, and always clamped to the screen
 * it lands on. The stage gets this size explicitly before it is shown: a scene's preferred size is not
 * enough under a window manager (JavaFX 21 then maps a 200x200 window, JDK-8316423).
 */
public record WindowPlacement(double x, double y, double width, double height, boolean maximized) {
    static final String FILE_NAME = "window.json";
    static final double DEFAULT_WIDTH = 1100;
    static final double DEFAULT_HEIGHT = 760;
    /** Below this the header and one card no longer fit; a smaller saved size is a mistake to undo. */
    static final double MIN_WIDTH = 480;
    static final double MIN_HEIGHT = 360;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A screen's usable area (without panels and docks). */
    public record Area(double x, double y, double width, double height) {
    }

    /** The default size, centred on {@code screen} and clamped to it. */
    static WindowPlacement standard(Area screen) {
        return new WindowPlacement(Double.NaN, Double.NaN, DEFAULT_WIDTH, DEFAULT_HEIGHT, false).clampedTo(screen);
    }

    /**
     * This placement made to fit {@code screen}: no larger than it, no smaller than the minimum (unless
     * the screen is), and with its top-left corner on it. A placement without a position is centred.
     */
    WindowPlacement clampedTo(Area screen) {
        double w = Math.min(Math.max(width, Math.min(MIN_WIDTH, screen.width())), screen.width());
        double h = Math.min(Math.max(height, Math.min(MIN_HEIGHT, screen.height())), screen.height());
        double left = Double.isNaN(x) ? screen.x() + (screen.width() - w) / 2 : x;
        double top = Double.isNaN(y) ? screen.y() + (screen.height() - h) / 2 : y;
        left = Math.min(Math.max(left, screen.x()), screen.x() + screen.width() - w);
        top = Math.min(Math.max(top, screen.y()), screen.y() + screen.height() - h);
        return new WindowPlacement(Math.round(left), Math.round(top), Math.round(w), Math.round(h), maximized);
    }

    /** The saved placement in {@code stateDir}, if a usable one is there; anything else is ignored. */
    static Optional<WindowPlacement> load(Path stateDir) {
        Path file = stateDir.resolve(FILE_NAME);
        try {
            // A FIFO or device in its place would block the read: only a regular file is read.
            if (!java.nio.file.Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            Optional<byte[]> bytes = PrivateFiles.readSmall(file);
            if (bytes.isEmpty()) {
                return Optional.empty();
            }
            JsonNode root = JSON.readTree(bytes.get());
            if (root == null || !root.isObject()) {
                return Optional.empty();
            }
            WindowPlacement read = new WindowPlacement(root.path("x").asDouble(Double.NaN), root.path("y").asDouble(Double.NaN),
                    root.path("width").asDouble(Double.NaN), root.path("height").asDouble(Double.NaN), root.path("maximized").asBoolean(false));
            boolean usable = Double.isFinite(read.width()) && Double.isFinite(read.height()) && read.width() > 0 && read.height() > 0
                    && !Double.isInfinite(read.x()) && !Double.isInfinite(read.y());
            return usable ? Optional.of(read) : Optional.empty();
        } catch (IOException | RuntimeException unusable) {
            // A damaged or foreign file only costs the remembered size.
            return Optional.empty();
        }
    }

    /** Writes this placement to {@code stateDir}/window.json (0600, atomically); false when it cannot. */
    boolean save(Path stateDir) {
        ObjectNode root = JSON.createObjectNode();
        root.put("x", x).put("y", y).put("width", width).put("height", height).put("maximized", maximized);
        try {
            java.nio.file.Files.createDirectories(stateDir);
            PrivateFiles.writeAtomically(stateDir.resolve(FILE_NAME), (root.toString() + "\n").getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (IOException | RuntimeException unwritable) {
            return false;
        }
    }
}
