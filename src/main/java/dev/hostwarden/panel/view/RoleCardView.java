package dev.hostwarden.panel.view;

import atlantafx.base.theme.Styles;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.proof.Check;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordRead;
import dev.hostwarden.panel.model.CardAction;
import dev.hostwarden.panel.model.Describe;
import dev.hostwarden.panel.model.HolderInfo;
import dev.hostwarden.panel.model.ProfileNames;
import dev.hostwarden.panel.model.RetractPreview;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.panel.model.RoleSnapshot;
import dev.hostwarden.panel.window.SecondaryWindows;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * One role's card, built in code and answer first: the verdict, one line of why, the owner's age and
 * the one action that fixes or controls the role lead; the record, the host lock and the liveness
 * proof fold out below. It only reads the view-model's properties and calls its command methods.
 */
public final class RoleCardView extends VBox {
    private final RoleCardModel model;
    private final Clock clock;
    private final Label badge = Ui.label("…", "badge");
    private final Label headline = Ui.wrapping("Inspecting…", "headline");
    private final Label age = Ui.wrapping("", "subtle");
    private final PlatformLines platforms;
    /** The record's "Updated … (12 s ago)" row, brought up to now by {@link #tick()}; null without a record. */
    private Label updated;
    private String updatedRaw;
    private final VBox record = new VBox(4);
    private final VBox lock = new VBox(4);
    private final VBox proof = new VBox(3);
    private final VBox reasons = new VBox(3);
    private final VBox preview = new VBox();
    private final Label progress = Ui.wrapping("", "progress-line");
    private final VBox steps = new VBox(4);
    private final Label retractReason = Ui.wrapping("", "subtle", "small");
    private final Label actionMessage = Ui.wrapping("", "small");
    private final Button start = new Button("Start");
    private final Button stop = new Button("Stop");
    private final Button restart = new Button("Restart");
    private final Button retract = new Button("Retract dead record…");
    private final Label noAction = Ui.wrapping("", "subtle", "small");
    private final Label history = Ui.wrapping("", "subtle", "small");
    /** The fleet's view of this role; hidden when no fleet is configured. */
    private final Label fleet = Ui.wrapping("", "subtle", "small");
    private final Fold recordFold;
    private final Fold lockFold;
    private final Fold proofFold;

    public RoleCardView(RoleCardModel model, Clock clock) {
        this.model = model;
        this.clock = clock;
        String role = model.role().wireName();
        platforms = new PlatformLines(role);
        setId("card-" + role);
        getStyleClass().add("card");
        setMinWidth(300);
        badge.setId("badge-" + role);
        headline.setId("headline-" + role);
        age.setId("age-" + role);
        retractReason.setId("retract-reason-" + role);
        actionMessage.setId("action-message-" + role);
        noAction.setId("no-action-" + role);
        badge.setMinWidth(Region.USE_PREF_SIZE);

        HBox title = new HBox(10, Ui.label(role, "card-title"), Ui.spacer(), badge);
        title.setAlignment(Pos.CENTER_LEFT);
        recordFold = new Fold("Owner record", record, "record-" + role, this::showRecord);
        // Folded, the record's "Updated … ago" is not seen: it ticks only while open (a changed text lays
        // out the whole card, about half of an idle visible panel's CPU), and catches up on opening.
        recordFold.pane().expandedProperty().addListener((observable, before, open) -> tick());
        lockFold = new Fold("Host lock", lock, "lock-" + role, this::showLock);
        proofFold = new Fold("Liveness proof and reasons", new VBox(8, proof, reasons), "proof-" + role, this::showProof);
        getChildren().addAll(title, headline, age, actions(role), retractReason, preview, steps, actionMessage,
                recordFold.pane(), lockFold.pane(), proofFold.pane());

        history.setId("history-" + role);
        history.textProperty().bind(model.historyProperty());
        hideWhenEmpty(history);
        getChildren().add(getChildren().indexOf(age) + 1, history);
        getChildren().add(getChildren().indexOf(age) + 1, platforms);
        fleet.setId("fleet-" + role);
        fleet.textProperty().bind(model.fleetLineProperty());
        hideWhenEmpty(fleet);
        getChildren().add(getChildren().indexOf(history) + 1, fleet);
        // After the card's action, which leads: whether the role is kept running is the next thing to know.
        getChildren().add(getChildren().indexOf(retractReason), new SupervisionRow(model));
        model.snapshotProperty().addListener((observable, before, after) -> showSnapshot(after));
        model.holderProperty().addListener((observable, before, after) -> lockFold.changed());
        model.holderStatusProperty().addListener((observable, before, after) -> lockFold.changed());
        model.retractPreviewProperty().addListener((observable, before, after) -> showPreview(after));
        model.actionProperty().addListener((observable, before, after) -> showAction(after));
        // Only where Retract is the card's action does its refusal matter up front; elsewhere it lives in the tooltip.
        retractReason.textProperty().bind(Bindings.createStringBinding(
                () -> model.actionProperty().get() != CardAction.RETRACT || model.retractEnabledProperty().get() || model.busyProperty().get()
                        ? "" : "Retract: " + model.retractDisabledReasonProperty().get(),
                model.actionProperty(), model.retractEnabledProperty(), model.retractDisabledReasonProperty(), model.busyProperty()));
        actionMessage.textProperty().bind(model.actionMessageProperty());
        hideWhenEmpty(retractReason);
        hideWhenEmpty(actionMessage);
        hideWhenEmpty(age);
        // An empty preview would still take the card's spacing.
        preview.managedProperty().bind(preview.visibleProperty());
        preview.visibleProperty().bind(Bindings.isNotEmpty(preview.getChildren()));
        progressRow(role);
        showAction(model.actionProperty().get());
        showSnapshot(model.snapshotProperty().get());
    }

    /** Brings the owner's age up to now; an unchanged text changes nothing on screen. */
    public void tick() {
        RoleSnapshot snapshot = model.snapshotProperty().get();
        if (snapshot != null) {
            age.setText(Describe.ownerAge(snapshot.report().record().recordOrNull(), snapshot.report().verdict() != Verdict.STALE, clock.instant()));
        }
        if (updated != null && recordFold.pane().isExpanded()) {
            updated.setText(Describe.updatedAt(updatedRaw, clock.instant()));
        }
        platforms.tick(clock);
    }

    private HBox actions(String role) {
        start.setId("start-" + role);
        start.getStyleClass().addAll("button-primary", Styles.ACCENT);
        start.disableProperty().bind(model.startEnabledProperty().not());
        start.setOnAction(event -> model.start());
        retract.setId("retract-" + role);
        retract.getStyleClass().addAll("button-primary", Styles.ACCENT);
        retract.disableProperty().bind(model.retractEnabledProperty().not());
        retract.setOnAction(event -> model.previewRetract());
        HoverTooltip.install(retract, model.retractDisabledReasonProperty());
        stop.setId("stop-" + role);
        stop.disableProperty().bind(model.stopEnabledProperty().not());
        stop.setOnAction(event -> confirmStop());
        restart.setId("restart-" + role);
        restart.disableProperty().bind(model.restartEnabledProperty().not());
        restart.setOnAction(event -> model.restart());
        // A disabled button shows no tooltip of its own: wrappers carry the reason.
        HBox box = new HBox(8);
        for (Button button : new Button[] {start, stop, restart, retract}) {
            button.setMinWidth(Region.USE_PREF_SIZE);
            HBox wrapper = new HBox(button);
            wrapper.managedProperty().bind(wrapper.visibleProperty());
            wrapper.visibleProperty().bind(button.visibleProperty());
            if (button != retract) {
                HoverTooltip.install(wrapper, model.controlDisabledReasonProperty());
            }
            box.getChildren().add(wrapper);
        }
        box.getChildren().add(noAction);
        box.setAlignment(Pos.CENTER_LEFT);
        box.getStyleClass().add("actions");
        return box;
    }

    /** Shows only the buttons of the card's one action. */
    private void showAction(CardAction action) {
        start.setVisible(action == CardAction.START);
        stop.setVisible(action == CardAction.STOP_OR_RESTART);
        restart.setVisible(action == CardAction.STOP_OR_RESTART);
        retract.setVisible(action == CardAction.RETRACT);
        RoleSnapshot snapshot = model.snapshotProperty().get();
        Verdict verdict = snapshot == null ? null : snapshot.report().verdict();
        noAction.setText(action != CardAction.NONE || verdict == null ? ""
                : verdict == Verdict.STARTING ? "No action while the owner starts: it goes live or fails on its own."
                : verdict == Verdict.UNUSABLE ? "Nothing to do from here: the rendezvous directory must be repaired first."
                : "No safe action: the owner can be neither proven alive nor proven gone.");
        noAction.setVisible(!noAction.getText().isEmpty());
        noAction.setManaged(noAction.isVisible());
    }

    /** Stopping ends someone's running owner: asked once more, naming the process and what happens. */
    private void confirmStop() {
        RoleSnapshot snapshot = model.snapshotProperty().get();
        HostRecord owner = snapshot == null ? null : snapshot.report().record().recordOrNull();
        if (owner == null || !model.stopEnabledProperty().get()) {
            return;
        }
        String role = model.role().wireName();
        ButtonType stopIt = new ButtonType("Stop", ButtonBar.ButtonData.OK_DONE);
        Alert alert = SecondaryWindows.styled(new Alert(Alert.AlertType.CONFIRMATION, "", stopIt, ButtonType.CANCEL));
        if (getScene() != null) {
            alert.initOwner(getScene().getWindow());
        }
        alert.setTitle("Stop " + role);
        alert.setHeaderText("Stop the " + role + " owner, PID " + owner.pid() + "?");
        alert.setContentText("It gets the planned-stop marker and SIGTERM; if it has not exited after "
                + model.controlTimeout().toSeconds() + " s it is forced to end. Nothing starts it again until you press Start.");
        Button confirm = (Button) alert.getDialogPane().lookupButton(stopIt);
        Button keep = (Button) alert.getDialogPane().lookupButton(ButtonType.CANCEL);
        confirm.setId("stop-confirm-" + role);
        keep.setId("stop-keep-" + role);
        // Enter must not stop anything by accident: Cancel is the default.
        confirm.setDefaultButton(false);
        keep.setDefaultButton(true);
        alert.showAndWait().filter(stopIt::equals).ifPresent(confirmed -> model.stop());
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
        String attention = PlatformLines.headline(snapshot.currentPlatforms(), clock.getZone());
        headline.setText(ProfileNames.headline(report) + (attention.isEmpty() ? "" : " · " + attention));
        platforms.show(snapshot.currentPlatforms(), model.redactor(), clock);
        tick();
        showAction(model.actionProperty().get());
        recordFold.changed();
        lockFold.changed();
        proofFold.changed();
    }

    private void showProof() {
        RoleSnapshot snapshot = model.snapshotProperty().get();
        if (snapshot == null) {
            return;
        }
        RoleReport report = snapshot.report();
        // An empty role with nothing wrong is calm: its absent lock and record are not failures.
        boolean calm = report.verdict() == Verdict.NO_OWNER
                && report.reasons().stream().allMatch(reason -> reason.code() == ReasonCode.NO_RECORD);
        proof.getChildren().setAll(report.checks().stream().map(check -> checkRow(check, calm)).toList());
        HostRecord owner = report.record().recordOrNull();
        reasons.getChildren().setAll(report.reasons().stream().map(reason -> reasonRow(reason, owner)).toList());
    }

    private void showRecord() {
        RoleSnapshot snapshot = model.snapshotProperty().get();
        record.getChildren().clear();
        updated = null;
        if (snapshot == null) {
            return;
        }
        RecordRead read = snapshot.report().record();
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
        // A handful of names: the Profiles section lists every home, and Copy gives the whole list.
        Ui.rowCopying(grid, row++, "Profiles", found.profiles().isEmpty() ? "none published yet" : ProfileNames.handful(found.profiles()),
                String.join(", ", found.profiles()));
        Ui.pathRow(grid, row++, "Home", Describe.orDash(found.home()));
        updatedRaw = found.updatedAt();
        updated = Ui.row(grid, row, "Updated", Describe.updatedAt(updatedRaw, clock.instant()));
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
            Label command = Ui.row(grid, row++, "Command", Describe.shortened(Describe.orDash(holder.commandLine()), 110), "value", "mono");
            Ui.copyable(command, Describe.orDash(holder.commandLine())).setTooltip(new Tooltip(holder.commandLine()));
            Ui.row(grid, row++, "User", Describe.orDash(holder.user()));
        } else if (!model.holderStatusProperty().get().isEmpty()) {
            Ui.row(grid, row++, "Process", model.holderStatusProperty().get(), "subtle");
        }
        Ui.pathRow(grid, row, "File", probe.path().toString(), "value", "small");
        lock.getChildren().add(grid);
        String warning = model.holderWarningProperty().get();
        if (!warning.isEmpty()) {
            Label label = Ui.wrapping("⚠ " + warning, "warning");
            label.setId("holder-warning-" + model.role().wireName());
            lock.getChildren().add(label);
        }
    }

    private static HBox checkRow(Check check, boolean calm) {
        boolean absent = calm && check.result() == CheckResult.FAIL;
        Label chip = absent ? Ui.label("NONE", "chip", "chip-skipped")
                : Ui.label(check.result().name(), "chip", "chip-" + check.result().name().toLowerCase(Locale.ROOT));
        Text name = new Text(check.name() + "  ");
        name.getStyleClass().add("check-name");
        Text evidence = new Text(check.evidence());
        evidence.getStyleClass().add("check-evidence");
        TextFlow text = new TextFlow(name, evidence);
        HBox.setHgrow(text, Priority.ALWAYS);
        HBox row = new HBox(8, chip, text);
        row.setAlignment(Pos.TOP_LEFT);
        return row;
    }

    private static Label reasonRow(Reason reason, HostRecord owner) {
        boolean bad = reason.code() != ReasonCode.LIVE && reason.code() != ReasonCode.NO_RECORD;
        Label label = Ui.wrapping("• " + ProfileNames.reason(reason, owner) + "  [" + reason.code() + "]", bad ? "reason-bad" : "reason");
        Ui.copyable(label, reason.message());
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
            // Proportional, as every path: a monospaced font draws the break after '/' a full cell wide.
            preview.getChildren().add(Ui.copyable(Ui.wrapping(Describe.breakablePath(file.toString()), "value"), file.toString()));
        }
        preview.getChildren().add(Ui.label("Because:", "headline"));
        for (String line : shown.proof()) {
            preview.getChildren().add(Ui.wrapping("• " + line, "small"));
        }
        Button confirm = new Button("Retract now");
        confirm.setId("retract-confirm-" + role);
        confirm.getStyleClass().addAll("button-danger", Styles.DANGER);
        confirm.setOnAction(event -> model.confirmRetract());
        Button cancel = new Button("Cancel");
        cancel.setId("retract-cancel-" + role);
        cancel.setOnAction(event -> model.cancelRetract());
        HBox buttons = new HBox(8, confirm, cancel);
        buttons.setPadding(new Insets(4, 0, 0, 0));
        preview.getChildren().add(buttons);
    }

    /** About three lines of the progress line at a card's narrowest; the rest is in its tooltip. */
    static final int PROGRESS_CHARACTERS = 150;

    /**
     * The running action: Cancel and "Force stop now" first, so they stay put under the mouse, then
     * one line under them, as wide as the card, that updates in place with the elapsed time against the timeout.
     */
    private void progressRow(String role) {
        Button cancel = new Button("Cancel");
        cancel.setId("cancel-" + role);
        cancel.setMinWidth(Region.USE_PREF_SIZE);
        cancel.disableProperty().bind(model.cancellableProperty().not());
        cancel.setOnAction(event -> model.cancel());
        Button force = new Button("Force stop now");
        force.setId("force-" + role);
        force.setMinWidth(Region.USE_PREF_SIZE);
        force.getStyleClass().addAll("button-danger", Styles.DANGER);
        force.disableProperty().bind(model.forcibleProperty().not());
        force.setOnAction(event -> model.forceStop());
        progress.setId("progress-" + role);
        // The line has the card's width under the buttons, and a launched command of 300 profiles is
        // cut in its middle: the card grows by a few lines while it runs, not by a page.
        progress.textProperty().bind(Bindings.createStringBinding(
                () -> Describe.shortenedInMiddle(model.progressProperty().get(), PROGRESS_CHARACTERS), model.progressProperty()));
        HoverTooltip.install(progress, () -> {
            Tooltip full = new Tooltip();
            full.textProperty().bind(model.progressProperty());
            full.setWrapText(true);
            full.setMaxWidth(720);
            return full;
        });
        HBox buttons = new HBox(8, cancel, force);
        buttons.setAlignment(Pos.CENTER_LEFT);
        steps.getChildren().setAll(buttons, progress);
        steps.getStyleClass().add("steps");
        steps.managedProperty().bind(steps.visibleProperty());
        steps.visibleProperty().bind(model.progressProperty().isNotEmpty());
    }
}
