package dev.hostwarden.panel.notify;

/**
 * One button of a desktop notification. {@code key} travels over the wire and comes back when the
 * user picks it; {@link #DEFAULT} is the freedesktop key for a click on the bubble itself.
 * {@code run} is called on whatever thread the notifier hears the choice on.
 */
public record NotificationAction(String key, String label, Runnable run) {
    public static final String DEFAULT = "default";
}
