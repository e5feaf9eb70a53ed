package dev.hostwarden.actions;

import dev.hostwarden.runtime.ControlResult;

/**
 * How a start, stop or restart ended: the runtime's result and the words for it.
 *
 * @param action what was asked (START, STOP or RESTART)
 * @param words  plain words with the concrete values ("stopped the gateway owner PID 4242")
 */
public record ControlOutcome(ActionKind action, ControlResult result, String words) implements Outcome {

    static ControlOutcome of(ActionKind action, ControlResult result) {
        return new ControlOutcome(action, result, result.message());
    }

    @Override
    public int exitCode() {
        return result.outcome().exitCode();
    }

    /** The outcome's name, as a card's outcome line begins ("STOPPED", "CANCELLED"). */
    public ControlResult.Outcome headline() {
        return result.outcome();
    }

    /** The outcome line a card shows: "STOPPED: stopped the gateway owner PID 4242". */
    public String summary() {
        return result.outcome() + ": " + words;
    }

    /** The owner was ended (stopped, or replaced by a restart). */
    public boolean endedTheOwner() {
        return result.outcome() == ControlResult.Outcome.STOPPED || result.outcome() == ControlResult.Outcome.RESTARTED;
    }
}
