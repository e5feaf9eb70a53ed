package dev.hostwarden.supervise;

import java.util.Locale;

/** What a supervisor is doing about one role, as {@code status --json} names it ({@link #wireName()}). */
public enum SupervisorState {
    /** The role is owned; the supervisor watches the owner. */
    WATCHING,
    /** A start attempt is running: launched, waiting for the new owner to be proven live. */
    STARTING,
    /** A start will be attempted at {@code nextAttemptAt}, after a crash or a failed start. */
    BACKING_OFF,
    /** Too many failed starts in the window: nothing more is tried until someone starts the role. */
    GAVE_UP,
    /** Someone stopped the owner on purpose: it is not restarted until someone starts it again. */
    STOPPED_ON_PURPOSE,
    /** The role cannot be acted on now (a lock held without a record, an owner that cannot be proven, an unusable directory). */
    WAITING;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** The state with this wire name, or null. */
    public static SupervisorState fromWire(String name) {
        for (SupervisorState state : values()) {
            if (state.wireName().equals(name)) {
                return state;
            }
        }
        return null;
    }
}
