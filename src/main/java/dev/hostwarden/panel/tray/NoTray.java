package dev.hostwarden.panel.tray;

/** The fallback: no icon, the window is the app. Notifications go to the window instead. */
public final class NoTray implements TrayPort {
    private final String reason;

    public NoTray(String reason) {
        this.reason = reason;
    }

    @Override
    public boolean install(TrayState state, Runnable onLeftClick) {
        return false;
    }

    @Override
    public void update(TrayState state) {
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
