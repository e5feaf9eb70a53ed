package dev.hostwarden.panel.notify;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.panel.tray.TrayPort;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Picks this desktop's notifier: freedesktop notifications where there is a session D-Bus with a
 * notification server, the tray icon's message everywhere else (Windows, macOS, a bare X session).
 * D-Bus classes load only when a session bus is announced.
 */
public final class Notifiers {
    static final String SESSION_BUS_VARIABLE = "DBUS_SESSION_BUS_ADDRESS";

    private Notifiers() {
    }

    /** May take a moment (it talks to the bus): call it off the UI thread. Says on stderr when a session bus is there but cannot notify. */
    public static Notifier forThisDesktop(Map<String, String> environment, Supplier<TrayPort> tray) {
        String address = environment.get(SESSION_BUS_VARIABLE);
        if (Platform.current().desktop() != Platform.Desktop.FREEDESKTOP) {
            return new TrayMessageNotifier(tray, "the desktop's own notifications");
        }
        if (address == null || address.isBlank()) {
            // No bus at all is a plain desktop-less session, not a fault: said only when debugging.
            String why = "no session D-Bus: " + SESSION_BUS_VARIABLE + " is not set";
            System.getLogger(Notifiers.class.getName()).log(System.Logger.Level.DEBUG, "desktop notifications unavailable ({0}); using the tray icon''s message", why);
            return new TrayMessageNotifier(tray, why);
        }
        return forBus(address, tray);
    }

    /** Freedesktop notifications on the bus at {@code address}, or the tray's message when that fails. */
    public static Notifier forBus(String address, Supplier<TrayPort> tray) {
        Notifier fallback = new TrayMessageNotifier(tray, "the desktop notification server failed");
        try {
            return DbusNotifier.connect(address, fallback);
        } catch (NotifierUnavailableException unavailable) {
            return fallback(tray, unavailable.getMessage());
        }
    }

    private static Notifier fallback(Supplier<TrayPort> tray, String why) {
        System.err.println("hostwarden: desktop notifications unavailable (" + why + "); using the tray icon's message");
        return new TrayMessageNotifier(tray, why);
    }
}
