package dev.hostwarden.panel.tray;

import java.util.List;

/** The fallback: no icon, the window is the app. Notifications go to the window instead. */
public final class NoTray implements TrayPort {
    private final String reason;

    public NoTray(String reason) {
        this.reason = reason;
    }

    @Override
    public boolean install(TrayStatus status, String tooltip, List<TrayMenuItem> menu, Runnable onActivate) {
        return false;
    }

    @Override
    public void update(TrayStatus status, String tooltip) {
        // Nothing to draw.
    }

    @Override
    public void notify(String title, String message) {
        // The window shows its own notification line.
    }

    @Override
    public void remove() {
        // Nothing installed.
    }

    @Override
    public String unavailableReason() {
        return reason;
    }
}
