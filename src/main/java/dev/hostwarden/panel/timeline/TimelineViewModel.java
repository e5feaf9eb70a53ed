package dev.hostwarden.panel.timeline;

import dev.hostwarden.history.HistoryCache;
import dev.hostwarden.history.HistoryEvent;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * The timeline's state: the chosen span and the lanes built from the ownership history. The
 * history is read on {@code background} (it is disk work; the cache makes an unchanged file cost
 * two stat calls) and the result applied through {@code ui}; reading writes nothing.
 */
public final class TimelineViewModel {
    private final HistoryCache history;
    private final Executor background;
    private final Executor ui;
    private final Clock clock;
    private final AtomicLong generation = new AtomicLong();
    private final ReadOnlyObjectWrapper<TimeSpan> span = new ReadOnlyObjectWrapper<>(TimeSpan.LAST_24_HOURS);
    private final ReadOnlyObjectWrapper<TimelineSnapshot> snapshot = new ReadOnlyObjectWrapper<>();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    /** Until the first reading is shown or the user picks a span, the span follows the history ({@link TimeSpan#toShow}). */
    private volatile boolean spanFollowsHistory = true;

    public TimelineViewModel(HistoryCache history, Executor background, Executor ui, Clock clock) {
        this.history = history;
        this.background = background;
        this.ui = ui;
        this.clock = clock;
    }

    public ReadOnlyObjectProperty<TimeSpan> spanProperty() {
        return span.getReadOnlyProperty();
    }

    /** The lanes last built; null until the first reading finishes. */
    public ReadOnlyObjectProperty<TimelineSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public Clock clock() {
        return clock;
    }

    /** Shows {@code chosen} and builds its lanes afresh. Call on the UI thread. */
    public void show(TimeSpan chosen) {
        spanFollowsHistory = false;
        span.set(chosen);
        refresh();
    }

    /** Reads the history again (off the UI thread) and swaps in the new lanes; a slower older reading never overwrites a newer one. */
    public void refresh() {
        TimeSpan chosen = spanFollowsHistory ? null : span.get();
        long mine = generation.incrementAndGet();
        loading.set(true);
        background.execute(() -> {
            TimelineSnapshot built = build(chosen);
            ui.execute(() -> {
                if (generation.get() == mine) {
                    if (spanFollowsHistory) {
                        // Opened on the span that shows the latest events; from now on it stays where the user leaves it.
                        spanFollowsHistory = false;
                        span.set(built.span());
                    }
                    snapshot.set(built);
                    loading.set(false);
                }
            });
        });
    }

    /** The lanes over {@code chosen}, or over the span that shows the latest events when null. */
    private TimelineSnapshot build(TimeSpan chosen) {
        List<HistoryEvent> events = history.events();
        Instant to = clock.instant();
        if (chosen == null) {
            chosen = TimeSpan.toShow(events, to);
        }
        Instant from = to.minus(chosen.length());
        return new TimelineSnapshot(chosen, from, to, LaneDerivation.lanes(events, from, to), events.isEmpty());
    }
}
