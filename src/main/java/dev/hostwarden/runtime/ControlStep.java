package dev.hostwarden.runtime;

import java.time.Duration;

/** One visible step of a stop or restart, with the time since the action began. */
public record ControlStep(Kind kind, String message, Duration elapsed) {

    public enum Kind {
        MARKER_WRITTEN, SIGNALLED, DRAINING, EXITED, ESCALATED, RETRACTED, LAUNCHED, LIVE, CANCELLED, FAILED
    }
}
