package dev.hostwarden.panel.view;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.panel.logs.LogViewModel;
import dev.hostwarden.panel.logs.LogWindow;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.supervise.SupervisionRecord;
import dev.hostwarden.supervise.SupervisorState;
import java.util.List;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A card's supervision: the "Keep running" switch, who keeps the role running and what it does now
 * (watching, backing off until a time, gave up, stopped on purpose), and "Log…" with the role's logs.
 */
final class SupervisionRow extends VBox {
    private final RoleCardModel model;
    private final CheckBox keepRunning = new CheckBox("Keep running");
    private final Label line = Ui.wrapping("", "subtle", "small");
    private final Label output = Ui.wrapping("", "subtle", "small", "mono");

    SupervisionRow(RoleCardModel model) {
        super(2);
        this.model = model;
        String role = model.role().wireName();
        setId("supervision-" + role);
        keepRunning.setId("keep-running-" + role);
        line.setId("supervision-line-" + role);
        output.setId("supervision-output-" + role);
        HoverTooltip.install(keepRunning, "Start a new owner whenever this one dies and nobody stopped it on purpose, backing off "
                + "on a crash loop (hostwarden supervise does the same without the panel)");
        keepRunning.setSelected(model.keepRunningProperty().get());
        keepRunning.setDisable(!model.canKeepRunning());
        keepRunning.selectedProperty().addListener((observable, before, on) -> model.setKeepRunning(on));
        model.keepRunningProperty().addListener((observable, before, on) -> keepRunning.setSelected(on));
        Button log = new Button("Log…");
        log.setId("log-" + role);
        log.setOnAction(event -> LogWindow.open(getScene() == null ? null : getScene().getWindow(), "Hostwarden — " + role + " log",
                model.logSources().stream().map(source -> new LogViewModel.Source(source.name(), source.file())).toList(), model::logRedactor));
        HBox controls = new HBox(10, keepRunning, Ui.spacer(), log);
        controls.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(line, Priority.ALWAYS);
        getChildren().addAll(controls, line, output);
        model.supervisionProperty().addListener((observable, before, after) -> show());
        model.keepRunningProblemProperty().addListener((observable, before, after) -> show());
        model.keepRunningProperty().addListener((observable, before, after) -> show());
        line.managedProperty().bind(line.visibleProperty());
        output.managedProperty().bind(output.visibleProperty());
        show();
    }

    private void show() {
        SupervisionRecord record = model.supervisionProperty().get();
        String problem = model.keepRunningProblemProperty().get();
        line.getStyleClass().removeAll(List.of("reason-bad", "reason-warn"));
        if (!problem.isEmpty()) {
            line.setText(problem);
            line.getStyleClass().add("reason-warn");
        } else if (record == null) {
            line.setText(model.keepRunningProperty().get() ? "Keep running: starting to supervise…" : "");
        } else {
            String who = record.pid() == Platform.currentPid() ? "Kept running by this panel" : "Kept running by PID " + record.pid()
                    + " (" + record.by() + ")";
            line.setText(who + ": " + record.stateAndNote(" — "));
            if (record.state() == SupervisorState.GAVE_UP) {
                line.getStyleClass().add("reason-bad");
            } else if (record.state() == SupervisorState.BACKING_OFF || record.state() == SupervisorState.WAITING) {
                line.getStyleClass().add("reason-warn");
            }
        }
        line.setVisible(!line.getText().isEmpty());
        // Why it died, where the user is looking: the last lines the dead owner wrote (the full log is behind Log…).
        boolean troubled = record != null && problem.isEmpty()
                && (record.state() == SupervisorState.GAVE_UP || record.state() == SupervisorState.BACKING_OFF);
        output.setText(troubled && !record.lastOutput().isEmpty() ? "Last output:\n" + String.join("\n", record.lastOutput()) : "");
        output.setVisible(!output.getText().isEmpty());
    }
}
