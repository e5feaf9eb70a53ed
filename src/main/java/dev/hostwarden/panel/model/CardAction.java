package dev.hostwarden.panel.model;

import dev.hostwarden.core.Verdict;

/** The one action a role's card leads with, chosen from the verdict. */
public enum CardAction {
    /** No owner: launch one. */
    START,
    /** A live owner: Stop (after confirmation) or Restart. */
    STOP_OR_RESTART,
    /** A dead owner's record: retract it, after a preview. */
    RETRACT,
    /** Nothing to do now (starting, unusable, or an owner that cannot be proven). */
    NONE;

    static CardAction of(Verdict verdict, boolean controllable, boolean retractable) {
        if (verdict == null) {
            return NONE;
        }
        if (controllable) {
            return STOP_OR_RESTART;
        }
        if (retractable || verdict == Verdict.STALE) {
            // A stale record the core will not retract yet still leads with Retract, disabled with the core's reason.
            return RETRACT;
        }
        return verdict == Verdict.NO_OWNER ? START : NONE;
    }
}
