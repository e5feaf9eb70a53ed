package dev.hostwarden.panel.tray;

import java.awt.BorderLayout;
import java.awt.Color;
import java.awt.EventQueue;
import java.awt.GraphicsConfiguration;
import java.awt.GridLayout;
import java.awt.Insets;
import java.awt.Label;
import java.awt.LayoutManager;
import java.awt.MouseInfo;
import java.awt.Panel;
import java.awt.Point;
import java.awt.PointerInfo;
import java.awt.Rectangle;
import java.awt.Window;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The tray icon's tooltip on X11, one line per role. The JDK's own X11 tooltip is a single AWT label
 * that shows no line breaks, so there the panel shows its own: a popup window (override-redirect, no
 * taskbar entry, no focus) that appears when the pointer rests on the icon and goes when the pointer
 * leaves it, on a click, or after {@link #LONGEST}. All window work runs on the AWT event thread.
 */
final class X11Tooltip {
    /** The window's X name, so tests can find it; not "Hostwarden…", which names the panel's window. */
    static final String NAME = "tray-roles-tooltip";
    private static final long REST_MILLIS = 500;
    private static final long POLL_MILLIS = 200;
    private static final long LONGEST = 10_000;

    private final Supplier<Optional<Rectangle>> iconBounds;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "hostwarden-tray-tooltip");
        thread.setDaemon(true);
        return thread;
    });
    private List<String> lines = List.of();
    private Window window;
    private ScheduledFuture<?> pending;
    private long shownAt;

    /** {@code iconBounds} is asked on the AWT thread: where the docked icon is on the screen. */
    X11Tooltip(Supplier<Optional<Rectangle>> iconBounds) {
        this.iconBounds = iconBounds;
    }

    /** The pointer moved over the icon: show the lines once it has rested there. */
    void pointerMoved() {
        if (window != null || pending != null) {
            return;
        }
        pending = timer.schedule(() -> EventQueue.invokeLater(this::showIfStillOver), REST_MILLIS, TimeUnit.MILLISECONDS);
    }

    void setLines(List<String> now) {
        lines = List.copyOf(now);
        if (window != null) {
            fill(window);
        }
    }

    void hide() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
        if (window != null) {
            window.dispose();
            window = null;
        }
    }

    void close() {
        hide();
        timer.shutdownNow();
    }

    private void showIfStillOver() {
        pending = null;
        Optional<Rectangle> icon = iconBounds.get();
        if (icon.isEmpty() || !pointerIn(icon.get()) || lines.isEmpty()) {
            return;
        }
        Window popup = new Window(null);
        popup.setType(Window.Type.POPUP);
        popup.setName(NAME);
        popup.setFocusableWindowState(false);
        popup.setAlwaysOnTop(true);
        fill(popup);
        GraphicsConfiguration screen = popup.getGraphicsConfiguration();
        popup.setLocation(placeNear(icon.get(), popup.getWidth(), popup.getHeight(),
                screen == null ? new Rectangle(0, 0, Integer.MAX_VALUE / 2, Integer.MAX_VALUE / 2) : screen.getBounds()));
        popup.setVisible(true);
        window = popup;
        shownAt = System.nanoTime();
        watchPointer();
    }

    /** Light text on dark grey in a thin frame, as desktop tooltips look (X11's "info" colour is a loud yellow). */
    private void fill(Window popup) {
        Panel rows = new Inset(new GridLayout(0, 1), 3, 6);
        rows.setBackground(new Color(0x2E2E2E));
        rows.setForeground(new Color(0xF2F2F2));
        for (String line : lines) {
            rows.add(new Label(line));
        }
        Panel frame = new Inset(new BorderLayout(), 1, 1);
        frame.setBackground(new Color(0x8A8A8A));
        frame.add(rows);
        popup.removeAll();
        popup.add(frame);
        popup.pack();
    }

    /** A panel with empty space around its content. */
    private static final class Inset extends Panel {
        private final Insets insets;

        Inset(LayoutManager layout, int vertical, int horizontal) {
            super(layout);
            insets = new Insets(vertical, horizontal, vertical, horizontal);
        }

        @Override
        public Insets getInsets() {
            return insets;
        }
    }

    /** Below an icon in the screen's upper half, above one in the lower half; always on the screen. */
    static Point placeNear(Rectangle icon, int width, int height, Rectangle area) {
        boolean below = icon.y + icon.height / 2 < area.y + area.height / 2;
        int y = below ? icon.y + icon.height + 4 : icon.y - height - 4;
        int x = icon.x + icon.width / 2 - width / 2;
        x = Math.max(area.x, Math.min(x, area.x + area.width - width));
        y = Math.max(area.y, Math.min(y, area.y + area.height - height));
        return new Point(x, y);
    }

    private void watchPointer() {
        timer.schedule(() -> EventQueue.invokeLater(() -> {
            if (window == null) {
                return;
            }
            Optional<Rectangle> icon = iconBounds.get();
            boolean tooLong = System.nanoTime() - shownAt > TimeUnit.MILLISECONDS.toNanos(LONGEST);
            if (icon.isEmpty() || !pointerIn(icon.get()) || tooLong) {
                hide();
            } else {
                watchPointer();
            }
        }), POLL_MILLIS, TimeUnit.MILLISECONDS);
    }

    private static boolean pointerIn(Rectangle icon) {
        PointerInfo pointer = MouseInfo.getPointerInfo();
        return pointer != null && icon.contains(pointer.getLocation());
    }
}
