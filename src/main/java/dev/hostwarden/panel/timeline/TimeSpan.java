package dev.hostwarden.panel.timeline;

import dev.hostwarden.history.HistoryEvent;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/** How far back the timeline looks. */
public enum TimeSpan {
    LAST_HOUR("1 h", "1h", Duration.ofHours(1)),
    LAST_6_HOURS("6 h", "6h", Duration.ofHours(6)),
    LAST_24_HOURS("24 h", "24h", Duration.ofHours(24)),
    LAST_7_DAYS("7 days", "7d", Duration.ofDays(7));

    /** How many of the latest events the opening span must hold. */
    static final int LATEST_EVENTS = 10;

    private final String label;
    private final String shortName;
    private final Duration length;

    TimeSpan(String label, String shortName, Duration length) {
        this.label = label;
        this.shortName = shortName;
        this.length = length;
    }

    public String label() {
        return label;
    }

    /** "1h", "24h", "7d": the toggle's id is {@code span-} and this. */
    public String shortName() {
        return shortName;
    }

    public Duration length() {
        return length;
    }

    /**
     * The span the timeline opens on: the shortest that holds the latest {@value #LATEST_EVENTS} events
     * (all of them when there are fewer), so six minutes of events fill a tenth of the lane in the last
     * hour instead of five pixels of the last day; 7 days when even those reach further back, 24 h
     * without any event.
     */
    public static TimeSpan toShow(List<HistoryEvent> events, Instant now) {
        if (events.isEmpty()) {
            return LAST_24_HOURS;
        }
        List<Instant> latest = events.stream().map(HistoryEvent::at).sorted(Comparator.reverseOrder()).limit(LATEST_EVENTS).toList();
        Instant oldest = latest.get(latest.size() - 1);
        for (TimeSpan span : values()) {
            if (!oldest.isBefore(now.minus(span.length))) {
                return span;
            }
        }
        return LAST_7_DAYS;
    }
}
