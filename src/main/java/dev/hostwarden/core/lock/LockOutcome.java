package dev.hostwarden.core.lock;

/** The three outcomes of a claim. An unusable directory is never reported as contention. */
public enum LockOutcome {
    ACQUIRED("acquired"),
    HELD_BY_OTHER("held-by-other"),
    COULD_NOT_OPEN("could-not-open");

    private final String wireName;

    LockOutcome(String wireName) {
        this.wireName = wireName;
    }

    public String wireName() {
        return wireName;
    }
}
