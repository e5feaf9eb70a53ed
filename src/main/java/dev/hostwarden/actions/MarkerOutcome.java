package dev.hostwarden.actions;

import dev.hostwarden.core.profiles.MarkerClearance;

/** How "Clear expired marker" ended: the core's result and the words for it. */
public record MarkerOutcome(MarkerClearance.Result result) implements Outcome {

    @Override
    public String words() {
        return switch (result.outcome()) {
            case CLEARED -> "removed: " + result.message();
            case WOULD_CLEAR -> "would remove: " + result.message();
            default -> result.message();
        };
    }

    @Override
    public int exitCode() {
        return switch (result.outcome()) {
            case CLEARED, WOULD_CLEAR -> 0;
            case REFUSED -> 1;
            case NO_MARKER -> 3;
        };
    }
}
