package dev.hostwarden.panel.notify;

import dev.hostwarden.panel.tray.TrayPort;
import java.util.function.Supplier;

/**
 * Notifications as the tray icon's own message: Windows' notifier, and the fallback wherever there
 * is no session D-Bus or no notification server. It has no buttons; the panel's banner offers the
 * actions instead. Asks {@code tray} each time because the panel installs its tray late.
 */
public final class TrayMessageNotifier implements Notifier {
    private final Supplier<TrayPort> tray;
    private final String why;

    /** {@code why} says why this is used, e.g. "no session D-Bus". */
    public TrayMessageNotifier(Supplier<TrayPort> tray, String why) {
        this.tray = tray;
        this.why = why;
    }

    @Override
    public void show(Notification notification) {
        tray.get().notify(notification.summary(), notification.body());
    }

    @Override
    public void withdraw(String tag) {
        // A tray message cannot be taken back; it fades on its own.
    }

    @Override
    public String describe() {
        return "the tray icon's message (" + why + ")";
    }

    @Override
    public void close() {
        // Nothing held.
    }
}
