package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.panel.model.TrayStatus;
import dev.hostwarden.panel.tray.AwtTray;
import dev.hostwarden.panel.tray.TrayGlyph;
import dev.hostwarden.panel.tray.TrayMenuItem;
import dev.hostwarden.panel.tray.TrayState;
import dev.hostwarden.testsupport.ChildProcess;
import java.awt.GraphicsEnvironment;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The tray colour rule, the glyph of each verdict, the no-tray path, and the real thing: a panel in a
 * child JVM under Xvfb with a real XEmbed tray (trayer), whose icon is found with xwininfo, sampled
 * with ImageMagick's {@code import}, and follows the worst verdict when a real owner is killed.
 */
class TrayTest {
    private static final Duration WAIT = Duration.ofSeconds(90);

    @TempDir
    Path temp;

    @ParameterizedTest
    @CsvSource({"LIVE,GREEN", "UNPROVABLE,AMBER", "STARTING,AMBER", "STALE,RED", "UNUSABLE,RED", "NO_OWNER,GREY"})
    void colourFollowsTheVerdict(Verdict verdict, TrayStatus colour) {
        assertEquals(colour, TrayStatus.of(verdict));
    }

    @Test
    void theWorstVerdictWins() {
        assertEquals(Verdict.LIVE, TrayStatus.worst(List.of(Verdict.NO_OWNER, Verdict.LIVE, Verdict.NO_OWNER)));
        assertEquals(Verdict.STALE, TrayStatus.worst(List.of(Verdict.LIVE, Verdict.STALE, Verdict.UNPROVABLE)));
        assertEquals(Verdict.UNUSABLE, TrayStatus.worst(List.of(Verdict.STALE, Verdict.UNUSABLE)));
        assertEquals(Verdict.NO_OWNER, TrayStatus.worst(List.of()));
    }

    private static BufferedImage icon(Verdict verdict, int size) throws IOException {
        try (InputStream in = TrayGlyph.class.getResourceAsStream(TrayGlyph.resource(verdict, size))) {
            assertNotNull(in, verdict + " " + size);
            return ImageIO.read(in);
        }
    }

    @ParameterizedTest
    @EnumSource(Verdict.class)
    void everyVerdictHasItsIconAtEverySizeOnATransparentBackground(Verdict verdict) throws IOException {
        for (int size : TrayGlyph.SIZES) {
            BufferedImage image = icon(verdict, size);
            assertEquals(size, image.getWidth());
            assertEquals(0, image.getRGB(0, 0) >>> 24, verdict + " " + size + ": the corner is transparent");
            assertEquals(0, image.getRGB(size - 1, size - 1) >>> 24, verdict + " " + size + ": the corner is transparent");
        }
        for (TrayStatus status : TrayStatus.values()) {
            assertNotNull(TrayStatus.class.getResource(TrayGlyph.resource(status.typical(), 32)), status.toString());
        }
    }

    /** Lightness only, colour thrown away: every glyph must still differ from every other one by its shape. */
    @Test
    void theGlyphsDifferInShapeNotOnlyInColour() throws IOException {
        Verdict[] verdicts = Verdict.values();
        for (int a = 0; a < verdicts.length; a++) {
            for (int b = a + 1; b < verdicts.length; b++) {
                BufferedImage one = icon(verdicts[a], 32);
                BufferedImage two = icon(verdicts[b], 32);
                int differing = 0;
                for (int y = 0; y < 32; y++) {
                    for (int x = 0; x < 32; x++) {
                        if (bright(one.getRGB(x, y)) != bright(two.getRGB(x, y))) {
                            differing++;
                        }
                    }
                }
                assertTrue(differing >= 20, verdicts[a] + " and " + verdicts[b] + " differ in only " + differing + " pixels of shape");
            }
        }
    }

    /** A pixel of the glyph itself: opaque and near white (or, on the ring, opaque at all). */
    private static boolean bright(int argb) {
        int alpha = argb >>> 24;
        int r = (argb >> 16) & 0xFF;
        int g = (argb >> 8) & 0xFF;
        int b = argb & 0xFF;
        return alpha > 128 && Math.min(r, Math.min(g, b)) > 200;
    }

    @Test
    void theTrayPicksTheLargestIconThatFits() {
        assertEquals(16, TrayGlyph.sizeFor(16));
        assertEquals(22, TrayGlyph.sizeFor(22));
        assertEquals(24, TrayGlyph.sizeFor(30));
        assertEquals(64, TrayGlyph.sizeFor(128));
        assertEquals(16, TrayGlyph.sizeFor(8));
    }

    @Test
    void theTooltipHasOneLinePerRole() {
        assertEquals("gateway: LIVE, PID 7\nserve: NO_OWNER", AwtTray.tooltip(List.of("gateway: LIVE, PID 7", "serve: NO_OWNER")));
    }

    @Test
    void withoutADisplayTheTrayIsUnavailableWithAReason() {
        Assumptions.assumeTrue(GraphicsEnvironment.isHeadless(), "this JVM has a display");
        AwtTray tray = new AwtTray();
        TrayState state = new TrayState(Verdict.NO_OWNER, false, List.of("tip"), List.of(new TrayMenuItem.Action("Quit", () -> { })));
        assertFalse(tray.install(state, () -> { }));
        assertEquals("no display (headless)", tray.unavailableReason());
        tray.update(state);
        tray.notify("title", "ignored without an icon");
        tray.remove();
    }

    // The real tray //

    private static final List<String> TRAY_TOOLS = List.of("trayer", "import");
    private static final int SCREEN_WIDTH = 1024;
    private static final int TRAY_WIDTH = 120;
    private static final int TRAY_HEIGHT = 24;

    @Test
    void onARealXEmbedTrayTheIconAppearsAndFollowsTheWorstVerdict() throws Exception {
        for (String tool : TRAY_TOOLS) {
            if (!XDesktop.onPath(tool)) {
                System.err.println("SKIPPED (no real tray): " + tool + " is not on PATH (apt-get install trayer imagemagick)");
                Assumptions.abort("no real tray: " + tool + " is not on PATH (apt-get install trayer imagemagick)");
            }
        }
        Path locks = temp.resolve("locks");
        try (XDesktop desktop = XDesktop.start(SCREEN_WIDTH, 700);
             ChildProcess trayer = ChildProcess.start(List.of("trayer", "--edge", "top", "--align", "right", "--widthtype", "pixel",
                     "--width", String.valueOf(TRAY_WIDTH), "--height", String.valueOf(TRAY_HEIGHT),
                     // A dark blue tray (the root under it is black): AWT's light window colour would show as a square on it.
                     "--transparent", "true", "--alpha", "0", "--tint", "0x204060"), desktop.env());
             ChildProcess owner = ChildProcess.java(LockHolderChild.class, Map.of(), locks.toString(), "serve")) {
            owner.awaitLine(line -> line.startsWith("READY"), WAIT);
            Map<String, String> env = new HashMap<>(desktop.env());
            env.put("XDG_STATE_HOME", temp.resolve("state").toString());
            env.put("HERMES_HOME", temp.resolve("hermes").toString());
            env.put("HERMES_GATEWAY_LOCK_DIR", null);
            env.put("DBUS_SESSION_BUS_ADDRESS", null);
            try (ChildProcess panel = ChildProcess.java(Main.class, env, "--lock-dir", locks.toString())) {
                String window = desktop.awaitWindow("Hostwarden — 1 live", panel);
                XDesktop.poll(() -> trayIcon(desktop)).orElseThrow(() ->
                        new AssertionError("no Java icon docked in trayer; tree:\n" + desktop.run("xwininfo", "-root", "-tree").orElse("")
                                + "\nstderr:\n" + panel.stderr()));
                // On a desktop this small the window's frame may cover the dock: move it below, out of the way.
                desktop.run("xdotool", "windowmove", window, "0", "120");
                XDesktop.poll(() -> desktop.frame(window).y() >= 100 ? Boolean.TRUE : null)
                        .orElseThrow(() -> new AssertionError("the window manager did not move the window off the tray"));
                // The position is read again on every poll: trayer may still be laying out its icons.
                int[] icon = XDesktop.poll(() -> {
                    int[] at = trayIcon(desktop);
                    return at != null && dominant(desktop, at) == Hue.GREEN ? at : null;
                }).orElseThrow(() -> {
                    int[] at = trayIcon(desktop);
                    return new AssertionError("the icon is not the green LIVE glyph: " + (at == null ? "no icon" : dominant(desktop, at))
                            + " at " + Arrays.toString(at) + "; the screen is in " + screenshot(desktop));
                });

                // The glyph's transparent corners show the tray, not an opaque square of AWT's window colour.
                XDesktop.poll(() -> {
                    Integer tray = pixel(desktop, icon[0] - 3, icon[1] + icon[3] / 2);
                    Integer corner = pixel(desktop, icon[0], icon[1]);
                    return tray != null && corner != null && close(tray, corner) ? Boolean.TRUE : null;
                }).orElseThrow(() -> new AssertionError("the icon's corner " + hex(pixel(desktop, icon[0], icon[1]))
                        + " is not the tray's colour " + hex(pixel(desktop, icon[0] - 3, icon[1] + icon[3] / 2)) + "; the screen is in " + screenshot(desktop)));

                // Resting the pointer on the icon shows the panel's own X11 tooltip: a line per role (three), below the icon.
                desktop.run("xdotool", "mousemove", String.valueOf(icon[0] + icon[2] / 2), String.valueOf(icon[1] + icon[3] / 2));
                desktop.run("xdotool", "mousemove_relative", "1", "0");
                int[] tip = XDesktop.poll(() -> tooltip(desktop)).orElseThrow(() -> new AssertionError("no tooltip window while the pointer rests on the icon"));
                assertTrue(tip[3] >= 3 * 12, "three lines of text make the tooltip at least 36 px high: " + Arrays.toString(tip));
                assertTrue(tip[1] >= icon[1] + icon[3], "the tooltip opens below an icon at the top of the screen: " + Arrays.toString(tip));
                desktop.run("xdotool", "mousemove", "500", "400");
                XDesktop.poll(() -> tooltip(desktop) == null ? Boolean.TRUE : null)
                        .orElseThrow(() -> new AssertionError("the tooltip stays after the pointer left the icon"));

                owner.kill();
                XDesktop.poll(() -> dominant(desktop, icon) == Hue.RED ? Boolean.TRUE : null)
                        .orElseThrow(() -> new AssertionError("after the owner's kill -9 the icon is not the red STALE glyph: " + dominant(desktop, icon)
                                + "; stderr:\n" + panel.stderr()));
                desktop.awaitWindow("Hostwarden — 1 stale", panel);

                // A left click hides the window, the next one brings it back (still carrying the state).
                assertTrue(clickUntil(desktop, icon, () -> !windowVisible(desktop)), "a left click on the tray icon hides the window");
                assertTrue(clickUntil(desktop, icon, () -> windowVisible(desktop)), "another left click shows it again");
                desktop.awaitWindow("Hostwarden — 1 stale", panel);

                // A logout's SIGTERM quits as the tray's Quit does; AWT and GTK sharing Xlib's error
                // handler used to print a Gdk-WARNING here, and the kill sometimes a JavaFX stack trace.
                panel.process().destroy();
                assertEquals(0, panel.waitFor(WAIT), "SIGTERM quits the panel cleanly; stderr:\n" + panel.stderr());
                assertEquals("", panel.stderr(), "a panel with a real tray and a real owner prints nothing on stderr");
            }
        }
    }

    private static boolean windowVisible(XDesktop desktop) {
        return desktop.run("xdotool", "search", "--onlyvisible", "--name", "^Hostwarden").isPresent();
    }

    /**
     * Left-clicks the icon until {@code done}: an icon just docked may not take clicks yet. Each click
     * waits up to 5 s for its effect (a click within the double-click interval would count twice).
     */
    private static boolean clickUntil(XDesktop desktop, int[] icon, BooleanSupplier done) {
        for (int attempt = 0; attempt < 6; attempt++) {
            desktop.run("xdotool", "mousemove", String.valueOf(icon[0] + icon[2] / 2), String.valueOf(icon[1] + icon[3] / 2), "click", "1");
            long deadline = System.nanoTime() + Duration.ofSeconds(5).toNanos();
            while (System.nanoTime() < deadline) {
                if (done.getAsBoolean()) {
                    return true;
                }
                try {
                    Thread.sleep(100); // a poll interval, as XDesktop.poll uses: each check runs xdotool
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            }
        }
        return false;
    }

    private static final Pattern EMBEDDED = Pattern.compile("0x\\p{XDigit}+ \"JavaEmbeddedFrame\".*?(\\d+)x(\\d+)\\+-?\\d+\\+-?\\d+\\s+\\+(-?\\d+)\\+(-?\\d+)");

    /**
     * The Java tray icon docked in trayer, as x, y, width, height on the screen; null until it is there.
     * Only a frame inside trayer's strip counts: before trayer reparents it, the icon's frame sits at
     * the origin, first 1x1 and then already at its final size (a CI run once sampled that).
     */
    private static int[] trayIcon(XDesktop desktop) {
        Optional<String> tree = desktop.run("xwininfo", "-root", "-tree");
        if (tree.isEmpty()) {
            return null;
        }
        Matcher found = EMBEDDED.matcher(tree.get());
        while (found.find()) {
            int width = Integer.parseInt(found.group(1));
            int height = Integer.parseInt(found.group(2));
            // Before trayer docks it, the icon's frame is a 1x1 window at the origin: not yet the icon.
            int x = Integer.parseInt(found.group(3));
            int y = Integer.parseInt(found.group(4));
            if (width >= 8 && height >= 8 && x >= SCREEN_WIDTH - TRAY_WIDTH && y < TRAY_HEIGHT) {
                return new int[] {x, y, width, height};
            }
        }
        return null;
    }

    private static final Pattern TOOLTIP = Pattern.compile("\"tray-roles-tooltip\".*?(\\d+)x(\\d+)\\+-?\\d+\\+-?\\d+\\s+\\+(-?\\d+)\\+(-?\\d+)");

    /** The panel's own tray tooltip window as x, y, width, height; null while none is mapped. */
    private static int[] tooltip(XDesktop desktop) {
        Optional<String> visible = desktop.run("xdotool", "search", "--onlyvisible", "--name", "^tray-roles-tooltip$");
        Optional<String> tree = desktop.run("xwininfo", "-root", "-tree");
        if (visible.isEmpty() || visible.get().isBlank() || tree.isEmpty()) {
            return null;
        }
        Matcher found = TOOLTIP.matcher(tree.get());
        return found.find() ? new int[] {Integer.parseInt(found.group(3)), Integer.parseInt(found.group(4)),
                Integer.parseInt(found.group(1)), Integer.parseInt(found.group(2))} : null;
    }

    /** The whole screen, kept under target/ for a failure's message. */
    private static Path screenshot(XDesktop desktop) {
        Path shot = Path.of("target", "tray-test-screen.png").toAbsolutePath();
        desktop.run("import", "-window", "root", shot.toString());
        return shot;
    }

    /** One pixel of the screen as RGB, read back with {@code import}; null when it cannot be read. */
    private Integer pixel(XDesktop desktop, int x, int y) {
        Path shot = temp.resolve("pixel.png");
        try {
            Files.deleteIfExists(shot);
            desktop.run("import", "-window", "root", "-crop", "1x1+" + x + "+" + y, "+repage", shot.toString());
            return Files.exists(shot) ? ImageIO.read(shot.toFile()).getRGB(0, 0) & 0xFFFFFF : null;
        } catch (IOException unreadable) {
            return null;
        }
    }

    private static boolean close(int one, int two) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((one >> shift) & 0xFF) - ((two >> shift) & 0xFF)) > 8) {
                return false;
            }
        }
        return true;
    }

    private static String hex(Integer rgb) {
        return rgb == null ? "(unreadable)" : String.format("#%06x", rgb);
    }

    private enum Hue { GREEN, RED, AMBER, GREY, NONE }

    /** The strongest colour among the icon's pixels, read back from the screen with {@code import}. */
    private Hue dominant(XDesktop desktop, int[] icon) {
        Path shot = temp.resolve("icon.png");
        try {
            Files.deleteIfExists(shot);
            desktop.run("import", "-window", "root", "-crop", icon[2] + "x" + icon[3] + "+" + icon[0] + "+" + icon[1], "+repage", shot.toString());
            if (!Files.exists(shot)) {
                return Hue.NONE;
            }
            BufferedImage image = ImageIO.read(shot.toFile());
            int[] counts = new int[Hue.values().length];
            for (int y = 0; y < image.getHeight(); y++) {
                for (int x = 0; x < image.getWidth(); x++) {
                    counts[hue(image.getRGB(x, y)).ordinal()]++;
                }
            }
            Hue best = Hue.NONE;
            for (Hue hue : List.of(Hue.GREEN, Hue.RED, Hue.AMBER)) {
                if (counts[hue.ordinal()] > counts[best.ordinal()] && counts[hue.ordinal()] >= 10) {
                    best = hue;
                }
            }
            return best;
        } catch (IOException unreadable) {
            return Hue.NONE;
        }
    }

    private static Hue hue(int rgb) {
        int r = (rgb >> 16) & 0xFF;
        int g = (rgb >> 8) & 0xFF;
        int b = rgb & 0xFF;
        if (g > r + 40 && g > b + 40) {
            return Hue.GREEN;
        }
        if (r > g + 80 && r > b + 80 && g < 110) {
            return Hue.RED;
        }
        if (r > b + 80 && g > b + 60) {
            return Hue.AMBER;
        }
        return Hue.NONE;
    }
}
