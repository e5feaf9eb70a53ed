package dev.hostwarden.panel.tray;

import java.awt.AWTException;
import java.awt.EventQueue;
import java.awt.GraphicsEnvironment;
import java.awt.Image;
import java.awt.MenuItem;
import java.awt.PopupMenu;
import java.awt.SystemTray;
import java.awt.Toolkit;
import java.awt.TrayIcon;
import java.awt.event.MouseAdapter;
import java.awt.event.MouseEvent;
import java.net.URL;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The tray through {@code java.awt.SystemTray}. Every AWT call runs on the AWT event thread; menu
 * actions run there too, so callers hand them to their own thread. Because
 * {@code SystemTray.isSupported()} can say yes and then block (GNOME), {@link #install} waits at
 * most {@link #INSTALL_TIMEOUT} and then treats the tray as missing. Never call it on the FX thread.
 */
public final class AwtTray implements TrayPort {
    public static final Duration INSTALL_TIMEOUT = Duration.ofSeconds(3);

    private volatile TrayIcon icon;
    private volatile String unavailable = "not installed yet";

    @Override
    public boolean install(TrayStatus status, String tooltip, List<TrayMenuItem> menu, Runnable onActivate) {
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
                for (TrayMenuItem item : menu) {
                    MenuItem entry = new MenuItem(item.label());
                    entry.addActionListener(event -> item.action().run());
                    popup.add(entry);
                }
                TrayIcon created = new TrayIcon(image(status, tray), tooltip, popup);
                created.setImageAutoSize(true);
                // KDE's xembedsniproxy delivers clicks unreliably as presses: react to clicks by button.
                created.addMouseListener(new MouseAdapter() {
                    @Override
                    public void mouseClicked(MouseEvent event) {
                        if (event.getButton() == MouseEvent.BUTTON1) {
                            onActivate.run();
                        }
                    }
                });
                tray.add(created);
                icon = created;
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

    private static Image image(TrayStatus status, SystemTray tray) {
        int height = tray.getTrayIconSize().height;
        int size = height <= 16 ? 16 : height <= 24 ? 24 : 32;
        URL url = AwtTray.class.getResource(status.iconResource(size));
        return Toolkit.getDefaultToolkit().getImage(url);
    }

    @Override
    public void update(TrayStatus status, String tooltip) {
        TrayIcon current = icon;
        if (current != null) {
            EventQueue.invokeLater(() -> {
                current.setImage(image(status, SystemTray.getSystemTray()));
                current.setToolTip(tooltip);
            });
        }
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
            EventQueue.invokeLater(() -> SystemTray.getSystemTray().remove(current));
        }
    }

    @Override
    public String unavailableReason() {
        return unavailable;
    }
}
