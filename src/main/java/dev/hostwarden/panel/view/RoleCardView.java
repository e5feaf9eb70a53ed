package dev.hostwarden.panel.view;

import dev.hostwarden.core.Check;
import dev.hostwarden.core.HostRecord;
import dev.hostwarden.core.LockProbe;
import dev.hostwarden.core.Reason;
import dev.hostwarden.core.ReasonCode;
import dev.hostwarden.core.RecordRead;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.panel.model.Describe;
import dev.hostwarden.panel.model.HolderInfo;
import dev.hostwarden.panel.model.RetractPreview;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.panel.model.RoleSnapshot;
import dev.hostwarden.runtime.ControlStep;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * One role's card, built in code: verdict badge, record, lock holder, liveness proof, reasons and
 * actions. It only reads the view-model's properties and calls its command methods.
 */
public final class RoleCardView extends VBox {
    private final RoleCardModel model;
    private final Clock clock;
    private final Label badge = Ui.label("…", "badge");
    private final Label headline = Ui.wrapping("Inspecting…", "headline");
    private final VBox record = new VBox(4);
    private final VBox lock = new VBox(4);
    private final VBox proof = new VBox(3);
    private final VBox reasons = new VBox(3);
    private final VBox preview = new VBox();
    private final VBox steps = new VBox();
    private final Label retractReason = Ui.wrapping("", "subtle", "small");
    private final Label actionMessage = Ui.wrapping("", "small");

    public RoleCardView(RoleCardModel model, Clock clock) {
        this.model = model;
        this.clock = clock;
        String role = model.role().wireName();
        setId("card-" + role);
        getStyleClass().add("card");
        setPrefWidth(440);
        setMinWidth(380);
        badge.setId("badge-" + role);
        retractReason.setId("retract-reason-" + role);
        actionMessage.setId("action-message-" + role);

        HBox title = new HBox(10, Ui.label(role, "card-title"), Ui.spacer(), badge);
        title.setAlignment(Pos.CENTER_LEFT);
        getChildren().addAll(title, headline,
                section("OWNER RECORD"), record,
                section("HOST LOCK"), lock,
                section("LIVENESS PROOF"), proof,
                section("WHY"), reasons,
                section("ACTIONS"), actions(role), retractReason, preview, steps, actionMessage);

        model.snapshotProperty().addListener((observable, before, after) -> showSnapshot(after));
        model.holderProperty().addListener((observable, before, after) -> showLock());
        model.holderStatusProperty().addListener((observable, before, after) -> showLock());
        model.retractPreviewProperty().addListener((observable, before, after) -> showPreview(after));
        model.stepsProperty().addListener((javafx.collections.ListChangeListener<ControlStep>) change -> showSteps());
        model.cancellableProperty().addListener((observable, before, after) -> showSteps());
        retractReason.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> model.retractEnabledProperty().get() || model.busyProperty().get() ? "" : "Retract: " + model.retractDisabledReasonProperty().get(),
                model.retractEnabledProperty(), model.retractDisabledReasonProperty(), model.busyProperty()));
        actionMessage.textProperty().bind(model.actionMessageProperty());
        hideWhenEmpty(retractReason);
        hideWhenEmpty(actionMessage);
        showSnapshot(model.snapshotProperty().get());
    }

    private HBox actions(String role) {
        Button retract = new Button("Retract dead record…");
        retract.setId("retract-" + role);
        retract.disableProperty().bind(model.retractEnabledProperty().not());
        retract.setOnAction(event -> model.previewRetract());
        Button stop = new Button("Stop");
        stop.setId("stop-" + role);
        stop.disableProperty().bind(model.stopEnabledProperty().not());
        stop.setOnAction(event -> model.stop());
        Button restart = new Button("Restart");
        restart.setId("restart-" + role);
        restart.disableProperty().bind(model.restartEnabledProperty().not());
        restart.setOnAction(event -> model.restart());
        // A disabled button shows no tooltip of its own: a wrapper carries the reason.
        HBox wrapStop = new HBox(stop);
        HBox wrapRestart = new HBox(restart);
        Tooltip wrapperTip = new Tooltip();
        wrapperTip.textProperty().bind(model.controlDisabledReasonProperty());
        Tooltip.install(wrapStop, wrapperTip);
        Tooltip.install(wrapRestart, wrapperTip);
        HBox box = new HBox(8, retract, wrapStop, wrapRestart);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private static Label section(String text) {
        return Ui.label(text, "section-title");
    }

    private static void hideWhenEmpty(Label label) {
        label.managedProperty().bind(label.visibleProperty());
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
    }

    private void showSnapshot(RoleSnapshot snapshot) {
        Ui.badge(badge, snapshot == null ? null : snapshot.report().verdict());
        if (snapshot == null) {
            return;
        }
        RoleReport report = snapshot.report();
        headline.setText(report.reasons().isEmpty() ? report.verdict().name() : report.reasons().get(0).message());
        showRecord(report.record());
        showLock();
        proof.getChildren().setAll(report.checks().stream().map(RoleCardView::checkRow).toList());
        reasons.getChildren().setAll(report.reasons().stream().map(RoleCardView::reasonRow).toList());
    }

    private void showRecord(RecordRead read) {
        record.getChildren().clear();
        HostRecord found = read.recordOrNull();
        if (found == null) {
            String text = read instanceof RecordRead.Corrupt corrupt ? "Unusable record: " + corrupt.message()
                    : read instanceof RecordRead.Foreign foreign ? foreign.message() : "No record published";
            record.getChildren().add(Ui.wrapping(text, "subtle"));
            return;
        }
        GridPane grid = Ui.grid();
        int row = 0;
        Ui.row(grid, row++, "PID", Long.toString(found.pid()));
        Ui.row(grid, row++, "Created", Describe.createTime(found.createTime(), clock.getZone()));
        Ui.row(grid, row++, "Start ticks", Describe.orDash(found.startTime()));
        Ui.row(grid, row++, "Boot id", Describe.orDash(found.bootEpoch()), "value", "mono");
        Ui.row(grid, row++, "Endpoint", found.port() == null ? Describe.orDash(found.host()) + " (no bound port)"
                : (found.host().isEmpty() ? "127.0.0.1" : found.host()) + ":" + found.port());
        Ui.row(grid, row++, "Protocol", Integer.toString(found.protocolVersion()));
        Ui.row(grid, row++, "Token", Describe.orDash(found.tokenFingerprint()), "value", "mono");
        Ui.row(grid, row++, "Profiles", found.profiles().isEmpty() ? "none published yet" : String.join(", ", found.profiles()));
        Ui.row(grid, row++, "Home", Describe.orDash(found.home()));
        Ui.row(grid, row, "Updated", Describe.updatedAt(found.updatedAt(), clock.instant()));
        record.getChildren().add(grid);
    }

    private void showLock() {
        RoleSnapshot snapshot = model.snapshotProperty().get();
        lock.getChildren().clear();
        if (snapshot == null) {
            return;
        }
        LockProbe probe = snapshot.report().lock();
        GridPane grid = Ui.grid();
        int row = 0;
        Ui.row(grid, row++, "State", Describe.lock(probe));
        HolderInfo holder = model.holderProperty().get();
        if (holder != null) {
            Ui.row(grid, row++, "Process", Describe.orDash(holder.name()));
            Ui.row(grid, row++, "Command", Describe.shortened(Describe.orDash(holder.commandLine()), 110), "value", "mono");
            ((Label) grid.getChildren().get(grid.getChildren().size() - 1)).setTooltip(new Tooltip(holder.commandLine()));
            Ui.row(grid, row++, "User", Describe.orDash(holder.user()));
        } else if (!model.holderStatusProperty().get().isEmpty()) {
            Ui.row(grid, row++, "Process", model.holderStatusProperty().get(), "subtle");
        }
        Ui.row(grid, row, "File", probe.path().toString(), "value", "small");
        lock.getChildren().add(grid);
        String warning = model.holderWarningProperty().get();
        if (!warning.isEmpty()) {
            Label label = Ui.wrapping("⚠ " + warning, "warning");
            label.setId("holder-warning-" + model.role().wireName());
            lock.getChildren().add(label);
        }
    }

    private static HBox checkRow(Check check) {
        Label chip = Ui.label(check.result().name(), "chip", "chip-" + check.result().name().toLowerCase(Locale.ROOT));
        Text name = new Text(check.name() + "  ");
        name.getStyleClass().add("check-name");
        Text evidence = new Text(check.evidence());
        evidence.getStyleClass().add("check-evidence");
        TextFlow text = new TextFlow(name, evidence);
        HBox.setHgrow(text, javafx.scene.layout.Priority.ALWAYS);
        HBox row = new HBox(8, chip, text);
        row.setAlignment(Pos.TOP_LEFT);
        return row;
    }

    private static Label reasonRow(Reason reason) {
        boolean bad = reason.code() != ReasonCode.LIVE && reason.code() != ReasonCode.NO_RECORD;
        Label label = Ui.wrapping("• " + reason.message() + "  [" + reason.code() + "]", bad ? "reason-bad" : "reason");
        label.setTooltip(new Tooltip(reason.code().name()));
        return label;
    }

    private void showPreview(RetractPreview shown) {
        preview.getChildren().clear();
        preview.getStyleClass().remove("preview");
        if (shown == null) {
            return;
        }
        String role = model.role().wireName();
        preview.getStyleClass().add("preview");
        preview.getChildren().add(Ui.label("Retract will remove exactly:", "headline"));
        for (Path file : shown.files()) {
            preview.getChildren().add(Ui.wrapping(file.toString(), "mono"));
        }
        preview.getChildren().add(Ui.label("Because:", "headline"));
        for (String line : shown.proof()) {
            preview.getChildren().add(Ui.wrapping("• " + line, "small"));
        }
        Button confirm = new Button("Retract now");
        confirm.setId("retract-confirm-" + role);
        confirm.getStyleClass().add("button-danger");
        confirm.setOnAction(event -> model.confirmRetract());
        Button cancel = new Button("Cancel");
        cancel.setId("retract-cancel-" + role);
        cancel.setOnAction(event -> model.cancelRetract());
        HBox buttons = new HBox(8, confirm, cancel);
        buttons.setPadding(new javafx.geometry.Insets(4, 0, 0, 0));
        preview.getChildren().add(buttons);
    }

    private void showSteps() {
        steps.getChildren().clear();
        steps.getStyleClass().remove("steps");
        if (model.stepsProperty().isEmpty() && !model.cancellableProperty().get()) {
            return;
        }
        steps.getStyleClass().add("steps");
        for (ControlStep step : model.stepsProperty()) {
            steps.getChildren().add(Ui.wrapping(String.format(Locale.ROOT, "%6.1f s  %-14s %s", step.elapsed().toMillis() / 1000.0,
                    step.kind(), step.message()), "mono"));
        }
        if (model.cancellableProperty().get()) {
            Button cancel = new Button("Cancel");
            cancel.setId("cancel-" + model.role().wireName());
            cancel.setOnAction(event -> model.cancel());
            steps.getChildren().add(cancel);
        }
    }
}
