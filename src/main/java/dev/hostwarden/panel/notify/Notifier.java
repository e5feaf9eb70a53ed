package dev.hostwarden.panel.notify;

/**
 * Where desktop notifications go, behind a port like the tray's: freedesktop notifications over the
 * session D-Bus ({@link DbusNotifier}) or the tray icon's own message ({@link TrayMessageNotifier}).
 * Every method may be called from any thread and returns without waiting for the desktop.
 */
public interface Notifier {

    /** Shows {@code notification}, replacing an earlier one with the same tag where the desktop can. */
    void show(Notification notification);

    /** Takes down the notification shown under {@code tag}, if it is still up and the desktop can. */
    void withdraw(String tag);

    /** One line for the log and the panel: what delivers notifications. */
    String describe();

    /** Releases the connection, if any. */
    void close();
}
