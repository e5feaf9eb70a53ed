package dev.hostwarden.panel.timeline;

import dev.hostwarden.core.record.Role;
import java.time.ZoneId;
import java.util.EnumMap;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The timeline window's content, built in code: the span toggle, a lane per role, a time axis, a legend, or the empty-state text. */
public final class TimelineView extends VBox {
    private static final double ROLE_COLUMN = 110;

    private final Map<Role, LaneBar> bars = new EnumMap<>(Role.class);
    private final Label axisFrom = new Label();
    private final Label axisTo = new Label("now");
    private final VBox lanes = new VBox(8);
    private final Label empty = new Label("No ownership history yet. Owners started by Hostwarden, and the panel watching them,"
            + " write it as they start, stop, turn stale and are retracted.");

    public TimelineView(TimelineViewModel model) {
        getStyleClass().add("timeline");
        setSpacing(12);
        setPadding(new Insets(14, 18, 14, 18));
        ZoneId zone = model.clock().getZone();

        ToggleGroup spans = new ToggleGroup();
        HBox toolbar = new HBox(6);
        toolbar.setAlignment(Pos.CENTER_LEFT);
        Label title = new Label("Ownership over the last");
        toolbar.getChildren().add(title);
        for (TimeSpan span : TimeSpan.values()) {
            ToggleButton button = new ToggleButton(span.label());
            button.setId("span-" + span.shortName());
            button.setToggleGroup(spans);
            button.setUserData(span);
            button.setSelected(span == model.spanProperty().get());
            toolbar.getChildren().add(button);
        }
        // The model opens on the span that shows the latest events: the toggles follow it.
        model.spanProperty().addListener((observable, before, after) -> spans.getToggles().stream()
                .filter(toggle -> toggle.getUserData() == after).findFirst().ifPresent(spans::selectToggle));
        // A toggle group lets the selected button be clicked off; the span stays chosen, so put it back.
        spans.selectedToggleProperty().addListener((observable, before, after) -> {
            if (after == null) {
                spans.selectToggle(before);
            } else if (after.getUserData() != model.spanProperty().get()) {
                model.show((TimeSpan) after.getUserData());
            }
        });
        Region grow = new Region();
        HBox.setHgrow(grow, Priority.ALWAYS);
        Button refresh = new Button("Refresh");
        refresh.setId("timeline-refresh");
        refresh.setOnAction(event -> model.refresh());
        toolbar.getChildren().addAll(grow, refresh);

        for (Role role : Role.values()) {
            Label name = new Label(role.wireName());
            name.getStyleClass().add("lane-role");
            name.setMinWidth(ROLE_COLUMN);
            name.setPrefWidth(ROLE_COLUMN);
            LaneBar bar = new LaneBar();
            bar.setId("lane-" + role.wireName());
            HBox.setHgrow(bar, Priority.ALWAYS);
            bars.put(role, bar);
            HBox row = new HBox(name, bar);
            row.setAlignment(Pos.CENTER_LEFT);
            lanes.getChildren().add(row);
        }
        Region axisGap = new Region();
        axisGap.setMinWidth(ROLE_COLUMN);
        Region axisGrow = new Region();
        HBox.setHgrow(axisGrow, Priority.ALWAYS);
        HBox axis = new HBox(axisGap, axisFrom, axisGrow, axisTo);
        axis.getStyleClass().add("timeline-axis");
        lanes.getChildren().addAll(axis, legend());

        empty.setId("timeline-empty");
        empty.setWrapText(true);
        empty.getStyleClass().add("timeline-empty");
        BorderPane body = new BorderPane(lanes);
        getChildren().addAll(toolbar, body);

        model.snapshotProperty().addListener((observable, before, after) -> {
            body.setCenter(after.empty() ? empty : lanes);
            axisFrom.setText(EventDescription.time(after.from(), zone));
            after.lanes().forEach(lane -> bars.get(lane.role()).show(lane, after.from(), after.to(), zone));
        });
    }

    private static HBox legend() {
        HBox legend = new HBox(10);
        legend.getStyleClass().add("timeline-legend");
        Region gap = new Region();
        gap.setMinWidth(ROLE_COLUMN);
        legend.getChildren().add(gap);
        for (LaneState state : LaneState.values()) {
            Label swatch = new Label(state.label());
            swatch.getStyleClass().addAll("lane-segment", state.styleClass());
            swatch.setPadding(new Insets(2, 8, 2, 8));
            legend.getChildren().add(swatch);
        }
        Label tick = new Label("│ event (hover for details)");
        tick.getStyleClass().add("legend-tick");
        legend.getChildren().add(tick);
        return legend;
    }
}
