package dev.hostwarden.panel.doctor;

import dev.hostwarden.doctor.Finding;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The Doctor view: one block per check with its verdict (glyph and word, not colour alone), its
 * evidence, the fix in one line and, where a fix is safe, a button that asks for confirmation
 * first. Built in code on {@link DoctorViewModel}'s read-only properties.
 */
public final class DoctorView extends BorderPane {
    private final DoctorViewModel model;
    private final VBox list = new VBox(10);

    public DoctorView(DoctorViewModel model) {
        this.model = model;
        getStyleClass().add("panel");
        Label title = new Label("Doctor");
        title.getStyleClass().add("app-title");
        Label summary = new Label();
        summary.setId("doctor-summary");
        summary.getStyleClass().addAll("subtle", "small");
        summary.textProperty().bind(model.summaryProperty());
        VBox titles = new VBox(2, title, summary);
        HBox.setHgrow(titles, Priority.ALWAYS);
        Button again = new Button("Check again");
        again.setId("doctor-run");
        again.setMinWidth(Region.USE_PREF_SIZE);
        again.disableProperty().bind(model.runningProperty());
        again.setOnAction(event -> model.run());
        HBox header = new HBox(12, titles, again);
        header.getStyleClass().add("header");
        header.setAlignment(Pos.CENTER_LEFT);
        setTop(header);

        list.setStyle("-fx-padding: 14 18 14 18;");
        ScrollPane scroll = new ScrollPane(list);
        scroll.setFitToWidth(true);
        setCenter(scroll);
        model.rowsProperty().addListener((ListChangeListener<DoctorRow>) change -> rebuild());

        Label confirmText = wrapping("");
        confirmText.setId("doctor-confirm-text");
        Button confirm = new Button("Confirm");
        confirm.setId("doctor-confirm");
        confirm.setDefaultButton(true);
        confirm.setOnAction(event -> model.confirm());
        Button cancel = new Button("Cancel");
        cancel.setId("doctor-cancel");
        cancel.setCancelButton(true);
        cancel.setOnAction(event -> model.cancel());
        VBox confirmation = new VBox(6, confirmText, new HBox(8, confirm, cancel));
        confirmation.setId("doctor-confirmation");
        confirmation.getStyleClass().add("notice");
        confirmText.textProperty().bind(Bindings.createStringBinding(
                () -> model.pendingProperty().get() == null ? "" : model.pendingProperty().get().confirm(), model.pendingProperty()));
        confirmation.visibleProperty().bind(model.pendingProperty().isNotNull());
        confirmation.managedProperty().bind(confirmation.visibleProperty());
        Label message = wrapping("");
        message.setId("doctor-message");
        message.textProperty().bind(model.messageProperty());
        message.visibleProperty().bind(message.textProperty().isNotEmpty());
        message.managedProperty().bind(message.visibleProperty());
        VBox bottom = new VBox(6, confirmation, message);
        bottom.setStyle("-fx-padding: 8 18 12 18;");
        setBottom(bottom);
        rebuild();
    }

    private void rebuild() {
        list.getChildren().setAll(model.rowsProperty().stream().map(this::block).toList());
    }

    private Node block(DoctorRow row) {
        Finding finding = row.finding();
        Label verdict = new Label(row.verdictText());
        verdict.setId("doctor-verdict-" + finding.name());
        verdict.getStyleClass().addAll("badge", switch (finding.result()) {
            case OK -> "badge-green";
            case WARN -> "badge-amber";
            case PROBLEM -> "badge-red";
        });
        verdict.setMinWidth(Region.USE_PREF_SIZE);
        Label name = new Label(finding.name());
        name.getStyleClass().add("card-title");
        HBox top = new HBox(10, verdict, name);
        top.setAlignment(Pos.CENTER_LEFT);
        Label evidence = wrapping(finding.evidence());
        evidence.setId("doctor-evidence-" + finding.name());
        VBox block = new VBox(4, top, evidence);
        block.setId("doctor-check-" + finding.name());
        block.getStyleClass().add("card");
        if (!finding.fix().isEmpty()) {
            Label fix = wrapping("Fix: " + finding.fix());
            fix.getStyleClass().add("subtle");
            block.getChildren().add(fix);
        }
        if (!row.fixes().isEmpty()) {
            FlowPane buttons = new FlowPane(8, 6);
            for (SafeFix safe : row.fixes()) {
                Button button = new Button(safe.label());
                button.setId("doctor-fix-" + safe.id());
                button.disableProperty().bind(model.runningProperty());
                button.setOnAction(event -> model.ask(safe));
                buttons.getChildren().add(button);
            }
            block.getChildren().add(buttons);
        }
        return block;
    }

    private static Label wrapping(String text) {
        Label label = new Label(text);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        return label;
    }
}
