package dev.hostwarden.runtime;

/**
 * How a stop, start or restart ended.
 *
 * @param newPid       the proven-live owner after a start or restart (the one already live for ALREADY_LIVE), else null
 * @param launchedPid  the process a start or restart launched, whether or not it became the owner; else null
 * @param launchedExit how that process ended when it ended before the action did (a failed start), else null
 */
public record ControlResult(Outcome outcome, String message, Long oldPid, Long newPid, Long launchedPid, Integer launchedExit) {

    public ControlResult(Outcome outcome, String message, Long oldPid, Long newPid) {
        this(outcome, message, oldPid, newPid, null, null);
    }

    /** The same result, naming the process that was launched and how it ended (null: it still runs). */
    public ControlResult withLaunched(long pid, Integer exit) {
        return new ControlResult(outcome, message, oldPid, newPid, pid, exit);
    }

    /**
     * With the exit codes of {@code stop} / {@code start} / {@code restart}. UNUSABLE: the directory
     * cannot be read, so the owner cannot be seen; nothing was signalled or launched. REFUSED: a start
     * or restart whose launch could not begin; nothing was stopped. ALREADY_LIVE: a start found a live
     * owner and launched nothing.
     */
    public enum Outcome {
        STOPPED(0), STARTED(0), RESTARTED(0), ALREADY_LIVE(0), NO_LIVE_OWNER(3), FAILED(1), CANCELLED(1), UNUSABLE(4), REFUSED(78);

        private final int exitCode;

        Outcome(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }
}
