package dev.hostwarden.panel.view;

import dev.hostwarden.core.Verdict;
import dev.hostwarden.panel.model.Describe;
import dev.hostwarden.panel.model.TrayStatus;
import java.util.Locale;
import javafx.geometry.VPos;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/** Small builders shared by the code-built views. */
final class Ui {
    private Ui() {
    }

    static Label label(String text, String... styleClasses) {
        Label label = new Label(text);
        label.getStyleClass().addAll(styleClasses);
        return label;
    }

    static Label wrapping(String text, String... styleClasses) {
        Label label = label(text, styleClasses);
        label.setWrapText(true);
        label.setMinHeight(Region.USE_PREF_SIZE);
        label.setMaxWidth(Double.MAX_VALUE);
        return label;
    }

    static Region spacer() {
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        return spacer;
    }

    /** A key/value grid row; the value wraps and can be copied. */
    static Label row(GridPane grid, int row, String key, String value, String... valueClasses) {
        return row(grid, row, key, value, value, valueClasses);
    }

    /** A key/value row that shows {@code shown} and copies {@code copied} (the full value where the shown one is shortened). */
    static Label rowCopying(GridPane grid, int row, String key, String shown, String copied) {
        return row(grid, row, key, shown, copied, new String[0]);
    }

    /** A row whose value is a path: it wraps between names, at '/', and copies as the plain path. */
    static Label pathRow(GridPane grid, int row, String key, String path, String... valueClasses) {
        return row(grid, row, key, Describe.breakablePath(path), path, valueClasses);
    }

    private static Label row(GridPane grid, int row, String key, String shown, String copied, String... valueClasses) {
        Label keyLabel = label(key, "key");
        keyLabel.setMinWidth(Region.USE_PREF_SIZE);
        GridPane.setValignment(keyLabel, VPos.TOP);
        Label valueLabel = wrapping(shown, valueClasses.length == 0 ? new String[] {"value"} : valueClasses);
        copyable(valueLabel, copied);
        GridPane.setHgrow(valueLabel, Priority.ALWAYS);
        grid.addRow(row, keyLabel, valueLabel);
        return valueLabel;
    }

    /** A right-click "Copy" that puts {@code text} (not what is shown, which may be shortened) on the clipboard. */
    static <T extends Label> T copyable(T label, String text) {
        MenuItem copy = new MenuItem("Copy");
        copy.setOnAction(event -> {
            ClipboardContent content = new ClipboardContent();
            content.putString(text);
            Clipboard.getSystemClipboard().setContent(content);
        });
        label.setContextMenu(new ContextMenu(copy));
        label.getStyleClass().add("copyable");
        return label;
    }

    static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(3);
        ColumnConstraints keys = new ColumnConstraints();
        keys.setMinWidth(104);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        values.setFillWidth(true);
        grid.getColumnConstraints().setAll(keys, values);
        return grid;
    }

    /** Sets a badge's text and colour class from a verdict. */
    static void badge(Label badge, Verdict verdict) {
        badge.getStyleClass().removeIf(style -> style.startsWith("badge-"));
        if (verdict == null) {
            badge.setText("…");
            badge.getStyleClass().add("badge-grey");
            return;
        }
        badge.setText(verdict.name());
        badge.getStyleClass().add("badge-" + TrayStatus.of(verdict).name().toLowerCase(Locale.ROOT));
    }
}
