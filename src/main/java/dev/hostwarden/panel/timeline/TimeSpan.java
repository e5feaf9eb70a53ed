package dev.hostwarden.panel.timeline;

import java.time.Duration;

/** How far back the timeline looks. */
public enum TimeSpan {
    LAST_24_HOURS("24 h", Duration.ofHours(24)),
    LAST_7_DAYS("7 days", Duration.ofDays(7));

    private final String label;
    private final Duration length;

    TimeSpan(String label, Duration length) {
        this.label = label;
        this.length = length;
    }

    public String label() {
        return label;
    }

    public Duration length() {
        return length;
    }
}
