package dev.hostwarden.panel.timeline;

import java.util.Locale;

/** What a role's lane shows for a stretch of time, as derived from the ownership history. */
public enum LaneState {
    /** An owner started, appeared or was proven live, and nothing has said otherwise since. */
    LIVE("live"),
    /** The owner's record turned stale (found dead, unanswering…) and was not yet retracted or replaced. */
    STALE("stale"),
    /** The owner stopped or its record was retracted: the role had no owner. */
    NO_OWNER("no owner"),
    /** The host lock was held without a record: an owner starting (the panel's STARTING). */
    STARTING("starting"),
    /** Before the role's first line in the history: nothing was recorded, so nothing is known. */
    NOT_RECORDED("not recorded");

    private final String label;

    LaneState(String label) {
        this.label = label;
    }

    /** The words the lane shows on the segment, so colour is never the only cue. */
    public String label() {
        return label;
    }

    /** The CSS style class of a segment in this state ({@code lane-no-owner}…), see timeline.css. */
    public String styleClass() {
        return "lane-" + name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
