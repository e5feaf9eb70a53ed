package dev.hostwarden.panel.profiles;

import dev.hostwarden.core.profiles.ProfileActions;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.ListChangeListener;
import javafx.collections.WeakListChangeListener;
import javafx.collections.transformation.SortedList;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TablePosition;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The Profiles view: the owner line, the actions, one table row per home and the selected home's
 * full words. The table is virtualized (only the rows on screen are nodes, each of fixed height), so
 * 300 homes cost what 15 do; cells copy their full text (Ctrl+C, or right-click), and a long home
 * gives way in its middle, where the details below show it whole.
 */
public final class ProfilesPane extends VBox {
    /** Row height: fixed, so the table lays out only what is visible and never measures a row. */
    static final double ROW_HEIGHT = 24;
    /** Rows the table shows before it scrolls. */
    static final int VISIBLE_ROWS = 12;
    private static final PseudoClass ODD = PseudoClass.getPseudoClass("odd-state");
    private static final PseudoClass ROW_SELECTED = PseudoClass.getPseudoClass("row-selected");

    private final ProfilesViewModel model;
    private final TableView<ProfileRow> table = new TableView<>();
    private final TextArea details = new TextArea();
    /** The home selected before the rows were replaced, to select again after (null: none). */
    private Path selectedHome;
    private boolean replacing;

    public ProfilesPane(ProfilesViewModel model) {
        this.model = model;
        setId("profiles-pane");
        getStyleClass().add("profiles-pane");
        getStylesheets().add(ProfilesPane.class.getResource("profiles.css").toExternalForm());

        Label title = label("PROFILES", "section-title");
        Label owner = label("", "value", "profiles-owner");
        owner.setId("profiles-owner");
        owner.setWrapText(true);
        owner.textProperty().bind(model.ownerLineProperty());
        copyMenu(owner, owner::getText);
        Label summary = label("", "subtle", "small");
        summary.setId("profiles-summary");
        summary.textProperty().bind(model.summaryProperty());
        Label problem = label("", "warning");
        problem.setId("profiles-problem");
        problem.setWrapText(true);
        problem.textProperty().bind(model.problemProperty());
        problem.managedProperty().bind(problem.visibleProperty());
        problem.visibleProperty().bind(problem.textProperty().isNotEmpty());

        Button rescan = button("profiles-rescan", ProfileActions.RESCAN);
        Button clear = button("profiles-clear-marker", ProfileActions.CLEAR_MARKER);
        Button folder = button("profiles-open-folder", "Open folder");
        Button log = button("profiles-open-log", "Open gateway log");
        HBox actions = new HBox(8, rescan, clear, folder, log);
        actions.setAlignment(Pos.CENTER_LEFT);

        buildTable();
        VBox.setVgrow(table, Priority.ALWAYS);

        details.setId("profiles-details");
        details.setEditable(false);
        details.setWrapText(true);
        details.setPrefRowCount(5);
        details.getStyleClass().add("profiles-details");
        details.setPromptText("Select a profile to see its full state; the text can be selected and copied.");

        TextArea message = new TextArea();
        message.setId("profiles-message");
        message.setEditable(false);
        message.setWrapText(true);
        message.setPrefRowCount(3);
        message.getStyleClass().add("profiles-message");
        // What an action did leads its message: show it from the top, whatever was scrolled before.
        model.messageProperty().addListener((observable, before, after) -> {
            message.setText(after);
            message.positionCaret(0);
            // The skin scrolls to the old caret on its next layout: home it after that layout too.
            Platform.runLater(() -> message.setScrollTop(0));
        });
        message.managedProperty().bind(message.visibleProperty());
        message.visibleProperty().bind(message.textProperty().isNotEmpty());

        getChildren().addAll(title, owner, summary, problem, actions, table, details, message);
        setSpacing(6);

        var selected = table.getSelectionModel().selectedItemProperty();
        rescan.disableProperty().bind(model.busyProperty().or(model.ownerLiveProperty().not()));
        clear.disableProperty().bind(model.busyProperty().or(Bindings.createBooleanBinding(
                () -> selected.get() == null || !selected.get().markerClearable(), selected)));
        folder.disableProperty().bind(model.busyProperty().or(selected.isNull()));
        log.disableProperty().bind(model.busyProperty().or(selected.isNull()));
        rescan.setOnAction(event -> confirm(ProfileActions.RESCAN, model.rescanPreview(), "Rescan", model::rescan));
        clear.setOnAction(event -> clearSelected());
        folder.setOnAction(event -> withSelected(model::openFolder));
        log.setOnAction(event -> withSelected(model::openGatewayLog));

        // Tooltips carry each action's preview: what it would do now, or why it cannot (one tooltip each, re-worded).
        Tooltip rescanTip = tooltip(rescan, model.rescanPreview());
        Tooltip clearTip = tooltip(clear, "Select a profile with a planned-stop marker");
        Tooltip folderTip = tooltip(folder, "Select a profile");
        Tooltip logTip = tooltip(log, "Select a profile");
        model.refreshCountProperty().addListener((observable, before, after) -> rescanTip.setText(model.rescanPreview()));
        selected.addListener((observable, before, row) -> {
            details.setText(row == null ? "" : row.details());
            if (row != null) {
                clearTip.setText(ProfilesViewModel.clearMarkerPreview(row));
                folderTip.setText("Open folder: hands " + row.home() + " to the desktop (xdg-open)");
                logTip.setText("Open gateway log: hands " + row.gatewayLog() + " to the desktop (xdg-open)");
            }
            if (!replacing) {
                selectedHome = row == null ? null : row.home();
            }
        });
    }

    private void buildTable() {
        table.setId("profiles-table");
        table.setFixedCellSize(ROW_HEIGHT);
        table.setPrefHeight(ROW_HEIGHT * VISIBLE_ROWS + 30);
        table.setMinHeight(ROW_HEIGHT * 4 + 30);
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // Until the first scan has answered, the table is not empty: it is being looked at.
        Label placeholder = new Label("Scanning profile homes…");
        placeholder.setId("profiles-placeholder");
        table.setPlaceholder(placeholder);
        model.refreshCountProperty().addListener((observable, before, after) -> placeholder.setText("No profile homes found"));
        table.getSelectionModel().setCellSelectionEnabled(true);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        table.getColumns().setAll(List.of(
                column("Profile", 120, ProfileRow::name, OverrunStyle.ELLIPSIS),
                column("Served", 70, ProfileRow::served, OverrunStyle.ELLIPSIS),
                column("Platforms", 160, ProfileRow::platforms, OverrunStyle.ELLIPSIS),
                column("Standalone gateway", 150, ProfileRow::standalone, OverrunStyle.ELLIPSIS),
                column("Planned-stop marker", 200, ProfileRow::marker, OverrunStyle.ELLIPSIS),
                column("Leftovers", 140, ProfileRow::leftovers, OverrunStyle.ELLIPSIS),
                column("Home", 220, row -> row.home().toString(), OverrunStyle.CENTER_ELLIPSIS),
                column("Notes", 260, ProfileRow::reasons, OverrunStyle.ELLIPSIS)));
        table.setRowFactory(view -> new TableRow<>() {
            /** Cell selection leaves rows unselected: the row of a selected cell says so itself. Held here, registered weakly. */
            private final ListChangeListener<TablePosition> selection = change -> showSelected();

            {
                view.getSelectionModel().getSelectedCells().addListener(new WeakListChangeListener<>(selection));
            }

            @Override
            protected void updateItem(ProfileRow row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(ODD, !empty && row != null && row.odd());
                showSelected();
            }

            private void showSelected() {
                int index = getIndex();
                pseudoClassStateChanged(ROW_SELECTED, !isEmpty() && index >= 0
                        && view.getSelectionModel().getSelectedCells().stream().anyMatch(cell -> cell.getRow() == index));
            }
        });

        SortedList<ProfileRow> sorted = new SortedList<>(model.rowsProperty());
        // Replacing the rows clears the selection; the home selected before is selected again after.
        sorted.addListener((ListChangeListener<ProfileRow>) change -> replacing = true);
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        sorted.addListener((ListChangeListener<ProfileRow>) change -> {
            if (selectedHome != null) {
                for (int i = 0; i < sorted.size(); i++) {
                    if (sorted.get(i).home().equals(selectedHome)) {
                        table.getSelectionModel().select(i, table.getColumns().get(0));
                        break;
                    }
                }
            }
            replacing = false;
        });

        MenuItem copy = new MenuItem("Copy");
        copy.setOnAction(event -> copySelection());
        MenuItem copyHome = new MenuItem("Copy home path");
        copyHome.setOnAction(event -> withSelected(row -> put(row.home().toString())));
        MenuItem clear = new MenuItem(ProfileActions.CLEAR_MARKER + "…");
        clear.setOnAction(event -> clearSelected());
        MenuItem folder = new MenuItem("Open folder");
        folder.setOnAction(event -> withSelected(model::openFolder));
        MenuItem log = new MenuItem("Open gateway log");
        log.setOnAction(event -> withSelected(model::openGatewayLog));
        table.setContextMenu(new ContextMenu(copy, copyHome, new SeparatorMenuItem(), clear, folder, log));
        table.setOnContextMenuRequested(event -> {
            ProfileRow row = table.getSelectionModel().getSelectedItem();
            clear.setDisable(model.busyProperty().get() || row == null || !row.markerClearable());
        });
        KeyCombination copyKeys = new KeyCodeCombination(KeyCode.C, KeyCombination.SHORTCUT_DOWN);
        table.setOnKeyPressed(event -> {
            if (copyKeys.match(event)) {
                copySelection();
                event.consume();
            }
        });
    }

    /** A text column; the cell shows the text on one line and copies it whole. */
    private static TableColumn<ProfileRow, String> column(String title, double width, Function<ProfileRow, String> text, OverrunStyle overrun) {
        TableColumn<ProfileRow, String> column = new TableColumn<>(title);
        column.setPrefWidth(width);
        column.setCellValueFactory(data -> new SimpleStringProperty(text.apply(data.getValue())));
        column.setCellFactory(view -> new TableCell<>() {
            {
                setTextOverrun(overrun);
            }

            @Override
            protected void updateItem(String value, boolean empty) {
                super.updateItem(value, empty);
                setText(empty ? null : value);
                getStyleClass().removeIf(style -> style.startsWith("served-"));
                if (!empty && title.equals("Served")) {
                    getStyleClass().add("served-" + value);
                }
            }
        });
        return column;
    }

    private void clearSelected() {
        withSelected(row -> confirm(ProfileActions.CLEAR_MARKER, ProfilesViewModel.clearMarkerPreview(row), "Remove the marker",
                () -> model.clearMarker(row)));
    }

    private void withSelected(Consumer<ProfileRow> action) {
        ProfileRow row = table.getSelectionModel().getSelectedItem();
        if (row != null) {
            action.accept(row);
        }
    }

    /** The confirmation: the preview, in the command line's words, and one button that does exactly that. */
    private void confirm(String title, String preview, String go, Runnable action) {
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION);
        // Styled as the panel, so its buttons show the same focus ring and disabled look.
        alert.getDialogPane().getStylesheets().add(ProfilesPane.class.getResource("/dev/hostwarden/panel/panel.css").toExternalForm());
        if (getScene() != null && getScene().getWindow() != null) {
            alert.initOwner(getScene().getWindow());
        }
        alert.setTitle(title);
        alert.setHeaderText(title + "?");
        ButtonType confirm = new ButtonType(go, ButtonBar.ButtonData.OK_DONE);
        alert.getButtonTypes().setAll(confirm, ButtonType.CANCEL);
        alert.getDialogPane().setId("profiles-dialog");
        alert.getDialogPane().lookupButton(confirm).setId("profiles-confirm");
        alert.getDialogPane().lookupButton(ButtonType.CANCEL).setId("profiles-cancel");
        // The preview names every served profile (as the command line does): it wraps at a readable
        // width, can be selected and copied, and scrolls when 300 names make it taller than a screen.
        TextArea text = new TextArea(preview);
        text.setId("profiles-preview");
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefColumnCount(72);
        text.setPrefRowCount(Math.min(16, preview.length() / 80 + 2));
        text.setMinHeight(Region.USE_PREF_SIZE);
        text.getStyleClass().add("profiles-preview");
        alert.getDialogPane().setContent(text);
        alert.resultProperty().addListener((observable, before, result) -> {
            if (result == confirm) {
                action.run();
            }
        });
        alert.show();
    }

    /** Selected cells as text: a tab between cells of one row, a line per row; full text, never the shortened one. */
    private void copySelection() {
        List<TablePosition> cells = table.getSelectionModel().getSelectedCells();
        if (cells.isEmpty()) {
            return;
        }
        String text = cells.stream().collect(Collectors.groupingBy(TablePosition::getRow, TreeMap::new, Collectors.toList()))
                .values().stream().map(row -> row.stream().map(cell -> Objects.toString(cell.getTableColumn().getCellData(cell.getRow()), ""))
                        .collect(Collectors.joining("\t")))
                .collect(Collectors.joining("\n"));
        put(text);
    }

    private static void put(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }

    private static void copyMenu(Label label, Supplier<String> text) {
        MenuItem copy = new MenuItem("Copy");
        copy.setOnAction(event -> put(text.get()));
        label.setContextMenu(new ContextMenu(copy));
    }

    private static Label label(String text, String... styles) {
        Label label = new Label(text);
        label.getStyleClass().addAll(styles);
        return label;
    }

    private static Tooltip tooltip(Button button, String text) {
        Tooltip tip = new Tooltip(text);
        tip.setWrapText(true);
        tip.setMaxWidth(640);
        button.setTooltip(tip);
        return tip;
    }

    private static Button button(String id, String text) {
        Button button = new Button(text);
        button.setId(id);
        button.setMinWidth(Region.USE_PREF_SIZE);
        return button;
    }

    /** The table, for tests that count its row nodes. */
    TableView<ProfileRow> table() {
        return table;
    }
}
