package dev.hostwarden.panel.notify;

import dev.hostwarden.panel.model.OwnershipEvent;
import java.time.Instant;

/** The panel's banner: the latest problem, kept until dismissed; {@code resolved} once the role is well again. */
public record Banner(Instant at, OwnershipEvent event, boolean resolved) {

    Banner resolve() {
        return new Banner(at, event, true);
    }
}
