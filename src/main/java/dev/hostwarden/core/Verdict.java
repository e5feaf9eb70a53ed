package dev.hostwarden.core;

/** The one-word answer for a role, with the exit code of {@code status ROLE} (LSB convention). */
public enum Verdict {
    LIVE(0, 1),
    STALE(1, 4),
    UNPROVABLE(4, 3),
    NO_OWNER(3, 0),
    STARTING(4, 2),
    UNUSABLE(4, 5);

    private final int exitCode;
    private final int severity;

    Verdict(int exitCode, int severity) {
        this.exitCode = exitCode;
        this.severity = severity;
    }

    public int exitCode() {
        return exitCode;
    }

    /** Higher is worse: the tray shows the worst verdict of all roles. */
    public int severity() {
        return severity;
    }
}
