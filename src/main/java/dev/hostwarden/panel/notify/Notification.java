package dev.hostwarden.panel.notify;

import java.util.List;
import java.util.Optional;

/**
 * What to show. {@code tag} groups notifications about one subject (a role): a new one replaces the
 * previous one with the same tag, and {@link Notifier#withdraw} removes it when the problem is gone.
 */
public record Notification(String tag, String summary, String body, Urgency urgency, List<NotificationAction> actions) {

    /** The freedesktop urgency levels (the hint's byte value is the ordinal). */
    public enum Urgency { LOW, NORMAL, CRITICAL }

    public Notification {
        actions = List.copyOf(actions);
    }

    public Optional<NotificationAction> action(String key) {
        return actions.stream().filter(action -> action.key().equals(key)).findFirst();
    }
}
