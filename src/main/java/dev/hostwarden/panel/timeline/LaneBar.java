package dev.hostwarden.panel.timeline;

import dev.hostwarden.history.HistoryEvent;
import java.time.Instant;
import java.time.ZoneId;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.util.Duration;

/**
 * One role's lane: its segments laid out in proportion to time, each coloured, patterned and
 * labelled by state, and a tick for each event. Positions are computed at layout so the lane
 * follows the window's width.
 */
final class LaneBar extends Region {
    private Instant from = Instant.EPOCH;
    private Instant to = Instant.EPOCH.plusSeconds(1);

    LaneBar() {
        getStyleClass().add("lane-bar");
        setMinHeight(30);
        setPrefHeight(30);
        setMinWidth(200);
    }

    void show(RoleLane lane, Instant windowFrom, Instant windowTo, ZoneId zone) {
        from = windowFrom;
        to = windowTo;
        getChildren().clear();
        for (LaneSegment segment : lane.segments()) {
            Label label = new Label(segment.state().label());
            label.getStyleClass().addAll("lane-segment", segment.state().styleClass());
            label.setMinWidth(0);
            label.setAlignment(Pos.CENTER);
            label.setUserData(segment);
            label.setTooltip(tooltip(EventDescription.of(segment, zone)));
            getChildren().add(label);
        }
        for (HistoryEvent event : lane.events()) {
            Region tick = new Region();
            tick.getStyleClass().addAll("lane-tick", "tick-" + event.type().wireName().replace('_', '-'));
            tick.setUserData(event);
            Tooltip.install(tick, tooltip(EventDescription.of(event, zone)));
            getChildren().add(tick);
        }
        requestLayout();
    }

    private static Tooltip tooltip(String text) {
        Tooltip tooltip = new Tooltip(text);
        tooltip.setShowDelay(Duration.millis(150));
        return tooltip;
    }

    @Override
    protected void layoutChildren() {
        double width = getWidth() - snappedLeftInset() - snappedRightInset();
        double height = getHeight() - snappedTopInset() - snappedBottomInset();
        double left = snappedLeftInset();
        double top = snappedTopInset();
        for (Node child : getChildren()) {
            if (child.getUserData() instanceof LaneSegment segment) {
                double x = x(segment.from(), width);
                double end = x(segment.to(), width);
                ((Region) child).resizeRelocate(left + x, top, Math.max(1, end - x), height);
            } else if (child.getUserData() instanceof HistoryEvent event) {
                double tickWidth = 4;
                ((Region) child).resizeRelocate(left + x(event.at(), width) - tickWidth / 2, top, tickWidth, height);
            }
        }
    }

    private double x(Instant at, double width) {
        double span = to.toEpochMilli() - from.toEpochMilli();
        double offset = at.toEpochMilli() - from.toEpochMilli();
        return Math.round(Math.max(0, Math.min(1, offset / span)) * width);
    }
}
