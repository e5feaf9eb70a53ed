package dev.hostwarden.runtime;

/**
 * How a stop or restart ended.
 *
 * @param newPid the proven-live owner after a restart, else null
 */
public record ControlResult(Outcome outcome, String message, Long oldPid, Long newPid) {

    /**
     * With the exit codes of {@code stop} / {@code restart}. UNUSABLE: the directory cannot be read,
     * so the owner cannot be seen; nothing was signalled or launched. REFUSED: a restart whose
     * replacement could not start; nothing was stopped.
     */
    public enum Outcome {
        STOPPED(0), RESTARTED(0), NO_LIVE_OWNER(3), FAILED(1), CANCELLED(1), UNUSABLE(4), REFUSED(78);

        private final int exitCode;

        Outcome(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }
}
