package dev.hostwarden.panel.notify;

import dev.hostwarden.panel.model.OwnershipEvent;
import java.time.Instant;

/** One line of the panel's event history: what happened, when, and whether the desktop was told. */
public record NotificationEntry(Instant at, OwnershipEvent event, Delivery delivery) {

    public enum Delivery {
        /** Sent to the desktop. */
        SHOWN,
        /** Worth knowing, not worth interrupting for (an owner appeared). */
        HISTORY_ONLY,
        /** Held back: the same role was notified moments ago, or too many went out at once. */
        RATE_LIMITED,
        /** Held back: notifications are paused. */
        PAUSED,
        /** Not a failure: the owner ended because Stop or Restart was chosen in this panel. */
        BY_PANEL
    }
}
