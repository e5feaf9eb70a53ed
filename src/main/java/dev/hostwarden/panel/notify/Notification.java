package dev.hostwarden.panel.notify;

import dev.hostwarden.core.Verdict;
import java.util.List;
import java.util.Optional;

/**
 * What to show. {@code tag} groups notifications about one subject (a role): a new one replaces the
 * previous one with the same tag, and {@link Notifier#withdraw} removes it when the problem is gone.
 * {@code shows} is the state the role is in now (its glyph is the notification's picture, so a stale
 * owner's bubble does not show the app icon's green tick), or null.
 */
public record Notification(String tag, String summary, String body, Urgency urgency, List<NotificationAction> actions, Verdict shows) {

    /** The freedesktop urgency levels (the hint's byte value is the ordinal). */
    public enum Urgency { LOW, NORMAL, CRITICAL }

    public Notification {
        actions = List.copyOf(actions);
    }

    public Notification(String tag, String summary, String body, Urgency urgency, List<NotificationAction> actions) {
        this(tag, summary, body, urgency, actions, null);
    }

    public Optional<NotificationAction> action(String key) {
        return actions.stream().filter(action -> action.key().equals(key)).findFirst();
    }
}
