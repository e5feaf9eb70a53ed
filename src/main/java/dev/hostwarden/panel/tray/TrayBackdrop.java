package dev.hostwarden.panel.tray;

import java.util.List;
import java.util.Optional;

/**
 * The tray's own colour beside a docked icon. On X11 the JDK paints a tray icon over its frame's
 * background (the system's window colour), so a glyph with transparent corners showed as an opaque
 * square on any tray of another colour; given the tray's colour, the square disappears. Read from
 * the screen: the pixels just left and right of the icon (a horizontal panel), else just above and
 * below (a vertical one), whichever side is off-screen or not one flat colour is skipped (another
 * icon, the desktop under a thin tray, a gradient), and with no flat side the JDK's colour stays.
 */
public final class TrayBackdrop {
    /** How far from the icon's edge the tray is sampled: clear of any antialiased border. */
    static final int GAP = 2;
    /** Largest difference per channel still counted as one flat colour. */
    static final int FLAT = 6;

    /** The screen as ARGB pixels; {@code null} for a point that is on no screen. */
    public interface Screen {
        Integer argb(int x, int y);
    }

    private TrayBackdrop() {
    }

    /** The tray's colour (opaque RGB) around an icon at x, y of width by height on the screen, if one flat side shows it. */
    public static Optional<Integer> around(Screen screen, int x, int y, int width, int height) {
        List<int[][]> sides = List.of(
                column(x - GAP, y, height), column(x + width - 1 + GAP, y, height),
                row(x, y - GAP, width), row(x, y + height - 1 + GAP, width));
        for (int[][] side : sides) {
            Optional<Integer> flat = flatColour(screen, side);
            if (flat.isPresent()) {
                return flat;
            }
        }
        return Optional.empty();
    }

    private static int[][] column(int x, int top, int height) {
        int[][] points = new int[height][];
        for (int i = 0; i < height; i++) {
            points[i] = new int[] {x, top + i};
        }
        return points;
    }

    private static int[][] row(int left, int y, int width) {
        int[][] points = new int[width][];
        for (int i = 0; i < width; i++) {
            points[i] = new int[] {left + i, y};
        }
        return points;
    }

    private static Optional<Integer> flatColour(Screen screen, int[][] points) {
        Integer first = null;
        for (int[] point : points) {
            Integer pixel = screen.argb(point[0], point[1]);
            if (pixel == null) {
                return Optional.empty();
            }
            if (first == null) {
                first = pixel;
            } else if (!close(first, pixel)) {
                return Optional.empty();
            }
        }
        return first == null ? Optional.empty() : Optional.of(first & 0xFFFFFF);
    }

    private static boolean close(int a, int b) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((a >> shift) & 0xFF) - ((b >> shift) & 0xFF)) > FLAT) {
                return false;
            }
        }
        return true;
    }
}
