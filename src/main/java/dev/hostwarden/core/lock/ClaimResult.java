package dev.hostwarden.core.lock;

import java.io.IOException;

/** A claim's outcome; {@code error} is the OS error for {@link LockOutcome#COULD_NOT_OPEN}, else null. */
public record ClaimResult(LockOutcome outcome, IOException error) {
    public boolean acquired() {
        return outcome == LockOutcome.ACQUIRED;
    }
}
