package dev.hostwarden.panel.view;

import dev.hostwarden.core.Verdict;
import dev.hostwarden.panel.tray.TrayStatus;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
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
        javafx.scene.layout.HBox.setHgrow(spacer, Priority.ALWAYS);
        return spacer;
    }

    /** A key/value grid row; the value wraps. */
    static void row(GridPane grid, int row, String key, String value, String... valueClasses) {
        Label keyLabel = label(key, "key");
        keyLabel.setMinWidth(Region.USE_PREF_SIZE);
        GridPane.setValignment(keyLabel, javafx.geometry.VPos.TOP);
        Label valueLabel = wrapping(value, valueClasses.length == 0 ? new String[] {"value"} : valueClasses);
        GridPane.setHgrow(valueLabel, Priority.ALWAYS);
        grid.addRow(row, keyLabel, valueLabel);
    }

    static GridPane grid() {
        GridPane grid = new GridPane();
        grid.setHgap(10);
        grid.setVgap(3);
        javafx.scene.layout.ColumnConstraints keys = new javafx.scene.layout.ColumnConstraints();
        keys.setMinWidth(104);
        javafx.scene.layout.ColumnConstraints values = new javafx.scene.layout.ColumnConstraints();
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
        badge.getStyleClass().add("badge-" + TrayStatus.of(verdict).name().toLowerCase(java.util.Locale.ROOT));
    }
}
