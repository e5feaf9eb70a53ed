package dev.hostwarden.core;

import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.List;

/**
 * What a retract did (or, with dry run, would do).
 *
 * @param refused why nothing was removed although something may be there, or null
 */
public record RetractResult(Role role, Outcome outcome, List<Path> removed, boolean dryRun, Refusal refused) {

    /** Why a retract removed nothing: {@code LOCK_HELD}, {@code OWN_LOCK}, {@code LOCK_DIR_UNUSABLE} or {@code RECORD_IS_DIRECTORY}. */
    public record Refusal(String code, String message) {
        /** A directory with entries stands at the record path: only a person may remove it. */
        public static final String RECORD_IS_DIRECTORY = "RECORD_IS_DIRECTORY";

        static Refusal unusable(String message) {
            return new Refusal("LOCK_DIR_UNUSABLE", message);
        }
    }

    /** The outcome and its exit code, as the command-line contract fixes them. */
    public enum Outcome {
        REMOVED(0), REFUSED(1), NOTHING(3), UNUSABLE(4);

        private final int exitCode;

        Outcome(int exitCode) {
            this.exitCode = exitCode;
        }

        public int exitCode() {
            return exitCode;
        }
    }

    public RetractResult {
        removed = List.copyOf(removed);
    }

    public boolean removedSomething() {
        return outcome == Outcome.REMOVED && !dryRun;
    }
}
