package dev.hostwarden.runtime;

/**
 * How a stop, start or restart ended.
 *
 * @param newPid the proven-live owner after a start or restart (the one already live for ALREADY_LIVE), else null
 */
public record ControlResult(Outcome outcome, String message, Long oldPid, Long newPid) {

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
