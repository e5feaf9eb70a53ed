package dev.hostwarden.history;

/** What happened to a role's ownership, as one history line names it ({@code "event"}). */
public enum EventType {
    /** A Hostwarden owner claimed the role and published its record (written by the owner itself). */
    STARTED("started"),
    /** An owner was seen for the first time (by an observer such as the panel). */
    APPEARED("appeared"),
    /** The owner was proven live. */
    LIVE("live"),
    /** The role's record turned stale; {@code reason} holds the reason code. */
    STALE("stale"),
    /** The host lock is held but no record is published. */
    LOCK_WITHOUT_RECORD("lock_without_record"),
    /** A planned stop was requested (the marker written); {@code by} is the stopper. */
    STOP_REQUESTED("stop_requested"),
    /** The owner ended; {@code exitCode} when known. */
    STOPPED("stopped"),
    /** A restart proved a new owner live; {@code previousPid} is the one it replaced. */
    RESTARTED("restarted"),
    /** A dead owner's record and token were removed; {@code by} is the retracting process. */
    RETRACTED("retracted"),
    /** An action launched an owner where none ran (Start), proven live; {@code by} is the starter. */
    LAUNCHED("launched"),
    /** A requested stop was taken back before the owner acted on it (its marker withdrawn); the owner keeps running. */
    STOP_CANCELLED("stop_cancelled"),
    /** An expired planned-stop marker was removed from {@code home}; {@code pid} is the process it named. */
    MARKER_CLEARED("marker_cleared"),
    /** The gateway owner re-read its profiles on request; {@code profiles} is the set it serves now. */
    RESCANNED("rescanned"),
    /**
     * A supervisor saw an owner end that nobody asked to stop: {@code exitCode} when known (an owner it
     * launched), {@code reason} the verdict's reason code, {@code detail} how it ended in words.
     */
    CRASHED("crashed"),
    /** A supervisor launched a new owner, proven live: {@code attempt}, {@code previousPid} the owner it replaced. */
    SUPERVISED_START("supervised_start"),
    /** A supervisor stopped starting the role: {@code attempt} failed starts, {@code detail} the window and the last exit. */
    GAVE_UP("gave_up");

    private final String wireName;

    EventType(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }

    /**
     * A note about an action taken (launched, a supervised start, a restart, a cancelled stop, a cleared
     * marker, a rescan), not about what an observer saw: a sighting after it repeats the sighting before it.
     */
    public boolean annotatesAnAction() {
        return switch (this) {
            case LAUNCHED, SUPERVISED_START, RESTARTED, STOP_CANCELLED, MARKER_CLEARED, RESCANNED -> true;
            default -> false;
        };
    }

    /** The type with this wire name, or null for a name this build does not know. */
    public static EventType fromWire(String name) {
        for (EventType type : values()) {
            if (type.wireName.equals(name)) {
                return type;
            }
        }
        return null;
    }
}
