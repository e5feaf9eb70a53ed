package dev.hostwarden.actions;

/**
 * How an action ended, in the words every entry point shows (the command line prints them, the
 * panel's card, Doctor and Profiles views show them), with the exit code the command line returns.
 */
public interface Outcome {
    /** What happened, in plain words with the concrete values. */
    String words();

    /** The command line's exit code for this outcome. */
    int exitCode();

    /** The action did what was asked (or there was nothing to do). */
    default boolean succeeded() {
        return exitCode() == 0;
    }
}
