package dev.hostwarden.core.lock;

/** What a look at a lock file found, without taking the lock. */
public enum LockState {
    /** A process holds the lock. */
    HELD,
    /** The file exists and nobody holds it. */
    FREE,
    /** The lock file (or its directory) does not exist. */
    ABSENT,
    /** It cannot be told (the file cannot be opened). */
    UNKNOWN
}
