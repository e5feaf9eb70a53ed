package dev.hostwarden.panel.tray;

import dev.hostwarden.core.platform.Platform;
import java.awt.AWTException;
import java.awt.CheckboxMenuItem;
import java.awt.Color;
import java.awt.Component;
import java.awt.EventQueue;
import java.awt.Frame;
import java.awt.GraphicsEnvironment;
import java.awt.Image;
import java.awt.Menu;
import java.awt.MenuItem;
import java.awt.Point;
import java.awt.PopupMenu;
import java.awt.Rectangle;
import java.awt.SystemTray;
import java.awt.Toolkit;
import java.awt.TrayIcon;
import java.awt.event.ItemEvent;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.awt.event.MouseMotionAdapter;
import java.net.URL;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The tray through {@code java.awt.SystemTray}. Every AWT call runs on the AWT event thread; menu
 * actions run there too, so callers hand them to their own thread. Because
 * {@code SystemTray.isSupported()} can say yes and then block (GNOME), {@link #install} waits at
 * most {@link #INSTALL_TIMEOUT} and then treats the tray as missing. Never call it on the FX thread.
 */
public final class AwtTray implements TrayPort {
    public static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(3);

    private static final int WINDOWS_TOOLTIP_LIMIT = 127;

    private volatile TrayIcon icon;
    /** The state last drawn; only written on the AWT event thread. */
    private volatile TrayState drawn;
    private volatile String unavailable = "not installed yet";
    /** X11 only: the tooltip with one line per role (see {@link X11Tooltip}); only used on the AWT thread. */
    private X11Tooltip ownTooltip;

    @Override
    public boolean install(TrayState state, Runnable onLeftClick) {
        if (GraphicsEnvironment.isHeadless()) {
            unavailable = "no display (headless)";
            return false;
        }
        CompletableFuture<Boolean> shown = new CompletableFuture<>();
        EventQueue.invokeLater(() -> {
            try {
                if (!SystemTray.isSupported()) {
                    unavailable = "the desktop has no system tray (no XEmbed tray manager is running)";
                    shown.complete(false);
                    return;
                }
                SystemTray tray = SystemTray.getSystemTray();
                PopupMenu popup = new PopupMenu();
                fill(popup, state.menu());
                boolean drawsItsOwnTooltip = onX11();
                TrayIcon created = new TrayIcon(image(state, tray), drawsItsOwnTooltip ? null : tooltip(state.tooltipLines()), popup);
                created.setImageAutoSize(true);
                if (drawsItsOwnTooltip) {
                    ownTooltip = new X11Tooltip(AwtTray::dockedFrameBounds);
                    ownTooltip.setLines(state.tooltipLines());
                    created.addMouseMotionListener(new MouseMotionAdapter() {
                        @Override
                        public void mouseMoved(MouseEvent event) {
                            ownTooltip.pointerMoved();
                        }
                    });
                }
                // A left click toggles the window. By button, not by press: KDE's xembedsniproxy delivers
                // presses unreliably. The second click of a double click must not toggle it back.
                created.addMouseListener(new MouseAdapter() {
                    @Override
                    public void mouseClicked(MouseEvent event) {
                        if (event.getButton() == MouseEvent.BUTTON1 && event.getClickCount() == 1) {
                            onLeftClick.run();
                        }
                    }

                    @Override
                    public void mousePressed(MouseEvent event) {
                        if (ownTooltip != null) {
                            ownTooltip.hide();
                        }
                    }
                });
                tray.add(created);
                icon = created;
                drawn = state;
                unavailable = null;
                shown.complete(true);
            } catch (AWTException | RuntimeException failed) {
                unavailable = "the system tray refused the icon (" + failed.getMessage() + ")";
                shown.complete(false);
            }
        });
        try {
            return shown.get(INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException silent) {
            unavailable = "the system tray did not answer within " + INSTALL_TIMEOUT.toSeconds() + " s";
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            unavailable = "interrupted while installing the tray icon";
            return false;
        } catch (ExecutionException impossible) {
            unavailable = "the tray icon could not be installed";
            return false;
        }
    }

    /** The menu as AWT draws it; status lines are disabled items, so they read as state, not commands. */
    private static void fill(Menu menu, List<TrayMenuItem> items) {
        for (TrayMenuItem item : items) {
            if (item instanceof TrayMenuItem.Status status) {
                MenuItem line = new MenuItem(status.label());
                line.setEnabled(false);
                menu.add(line);
            } else if (item instanceof TrayMenuItem.Action action) {
                MenuItem entry = new MenuItem(action.label());
                entry.setEnabled(action.enabled());
                entry.addActionListener(event -> action.action().run());
                menu.add(entry);
            } else if (item instanceof TrayMenuItem.Toggle toggle) {
                CheckboxMenuItem box = new CheckboxMenuItem(toggle.label(), toggle.checked());
                box.setEnabled(toggle.enabled());
                box.addItemListener(event -> toggle.action().accept(event.getStateChange() == ItemEvent.SELECTED));
                menu.add(box);
            } else if (item instanceof TrayMenuItem.Submenu submenu) {
                Menu sub = new Menu(submenu.label());
                fill(sub, submenu.items());
                menu.add(sub);
            } else {
                menu.addSeparator();
            }
        }
    }

    /**
     * What the menu looks like, without its actions: a menu that looks the same is not rebuilt (its
     * actions do the same thing), so an open menu is not pulled from under the mouse on every refresh.
     */
    static String shape(List<TrayMenuItem> items) {
        StringBuilder out = new StringBuilder();
        for (TrayMenuItem item : items) {
            out.append(item.getClass().getSimpleName()).append(':').append(item.label());
            if (item instanceof TrayMenuItem.Action action && !action.enabled()) {
                out.append("(disabled)");
            } else if (item instanceof TrayMenuItem.Toggle toggle) {
                out.append(toggle.checked() ? "[x]" : "[ ]").append(toggle.enabled() ? "" : "(disabled)");
            } else if (item instanceof TrayMenuItem.Submenu submenu) {
                out.append('{').append(shape(submenu.items())).append('}');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /**
     * The tooltip text where the JDK's own tooltip is used: one line per role (macOS; Windows cuts it at
     * 127 characters). X11 gets {@link X11Tooltip}, since the JDK's X11 tooltip shows no line breaks.
     */
    public static String tooltip(List<String> lines) {
        String joined = String.join("\n", lines);
        return joined.length() <= WINDOWS_TOOLTIP_LIMIT || Platform.current().desktop() != Platform.Desktop.WINDOWS ? joined : joined.substring(0, WINDOWS_TOOLTIP_LIMIT - 1) + "…";
    }


    /** An XEmbed tray: Linux and the BSDs (AWT has no other tray there). */
    public static boolean onX11() {
        return Platform.current().desktop() == Platform.Desktop.FREEDESKTOP;
    }

    private static Image image(TrayState state, SystemTray tray) {
        URL url = AwtTray.class.getResource(TrayGlyph.resource(state.worst(), state.attention(), TrayGlyph.sizeFor(tray.getTrayIconSize().height)));
        return Toolkit.getDefaultToolkit().getImage(url);
    }

    @Override
    public void update(TrayState state) {
        TrayIcon current = icon;
        if (current == null) {
            return;
        }
        EventQueue.invokeLater(() -> {
            TrayState before = drawn;
            drawn = state;
            if (before == null || before.worst() != state.worst() || before.attention() != state.attention()) {
                current.setImage(image(state, SystemTray.getSystemTray()));
            }
            if (before == null || !before.tooltipLines().equals(state.tooltipLines())) {
                if (ownTooltip != null) {
                    ownTooltip.setLines(state.tooltipLines());
                } else {
                    current.setToolTip(tooltip(state.tooltipLines()));
                }
            }
            if (before == null || !shape(before.menu()).equals(shape(state.menu()))) {
                PopupMenu popup = current.getPopupMenu();
                popup.removeAll();
                fill(popup, state.menu());
            }
        });
    }

    /**
     * Where the icon sits on the screen once a tray has docked it (X11: the JDK's embedded frame for
     * the icon); empty before that, and at the origin, where an undocked frame waits.
     */
    public Optional<Rectangle> dockedBounds() {
        return onAwtThread(AwtTray::dockedFrameBounds).flatMap(found -> found);
    }

    /** {@link #dockedBounds()}, asked on the AWT thread. */
    private static Optional<Rectangle> dockedFrameBounds() {
        return iconFrame().filter(Frame::isShowing).map(frame -> {
            Point at = frame.getLocationOnScreen();
            return new Rectangle(at, frame.getSize());
        }).filter(bounds -> bounds.width >= 8 && bounds.height >= 8 && (bounds.x != 0 || bounds.y != 0));
    }

    /** Paints the icon over {@code rgb} instead of the JDK's window colour (see {@link TrayBackdrop}). */
    public void paintOver(int rgb) {
        // The canvas inside the frame only: the tray's menu opens on the frame and takes its colours.
        EventQueue.invokeLater(() -> iconFrame().ifPresent(frame -> {
            for (Component part : frame.getComponents()) {
                part.setBackground(new Color(rgb));
                part.repaint();
            }
        }));
    }

    /** The JDK's X11 frame that holds the icon: the one frame of ours that is a tray icon's. */
    private static Optional<Frame> iconFrame() {
        return Arrays.stream(Frame.getFrames())
                .filter(frame -> frame.getClass().getName().contains("TrayIcon"))
                .findFirst();
    }

    private static <T> Optional<T> onAwtThread(Supplier<T> question) {
        CompletableFuture<T> answer = new CompletableFuture<>();
        EventQueue.invokeLater(() -> {
            try {
                answer.complete(question.get());
            } catch (RuntimeException failed) {
                answer.completeExceptionally(failed);
            }
        });
        try {
            return Optional.ofNullable(answer.get(INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException | TimeoutException unanswered) {
            return Optional.empty();
        }
    }

    /** What the icon shows now (tests and the log); null before it is installed. */
    public TrayState drawn() {
        return drawn;
    }

    @Override
    public void notify(String title, String message) {
        TrayIcon current = icon;
        if (current != null) {
            EventQueue.invokeLater(() -> current.displayMessage(title, message, TrayIcon.MessageType.INFO));
        }
    }

    @Override
    public void remove() {
        TrayIcon current = icon;
        icon = null;
        if (current != null) {
            EventQueue.invokeLater(() -> {
                if (ownTooltip != null) {
                    ownTooltip.close();
                }
                SystemTray.getSystemTray().remove(current);
            });
        }
    }

    @Override
    public String unavailableReason() {
        return unavailable;
    }
}
