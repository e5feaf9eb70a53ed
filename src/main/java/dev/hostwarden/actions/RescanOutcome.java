package dev.hostwarden.actions;

import dev.hostwarden.core.profiles.ProfileActions;
import dev.hostwarden.core.profiles.ProfileRescan;
import java.util.List;

/** How "Rescan profiles" ended: the owner's answer and the words for it. */
public record RescanOutcome(ProfileRescan.Result result) implements Outcome {

    /**
     * What changed first (the served sets can be long), then the preview, the served set before and
     * after; or why nothing was asked.
     */
    @Override
    public String words() {
        if (result.outcome() != ProfileRescan.Outcome.ANSWERED) {
            return ProfileActions.RESCAN + ": " + result.why();
        }
        List<String> added = result.after().stream().filter(name -> !result.before().contains(name)).toList();
        List<String> removed = result.before().stream().filter(name -> !result.after().contains(name)).toList();
        String changed = added.isEmpty() && removed.isEmpty() ? "no change"
                : (added.isEmpty() ? "" : "added " + String.join(", ", added)) + (added.isEmpty() || removed.isEmpty() ? "" : "; ")
                + (removed.isEmpty() ? "" : "removed " + String.join(", ", removed));
        return ProfileActions.RESCAN + " done: " + changed + " (served " + result.before().size() + " → " + result.after().size() + ")\n"
                + ProfileActions.rescanPreview(result.owner()) + "\nbefore: " + all(result.before()) + "\nafter:  " + all(result.after())
                + (Boolean.FALSE.equals(result.multiplex()) ? "\nnote:   " + result.why() : "");
    }

    @Override
    public int exitCode() {
        return switch (result.outcome()) {
            case ANSWERED -> 0;
            case NO_OWNER -> 3;
            case NO_ANSWER -> 1;
        };
    }

    private static String all(List<String> names) {
        return names.isEmpty() ? "nothing" : String.join(", ", names);
    }
}
