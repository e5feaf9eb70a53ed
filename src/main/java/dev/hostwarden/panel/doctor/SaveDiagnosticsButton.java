package dev.hostwarden.panel.doctor;

import dev.hostwarden.panel.view.HoverTooltip;
import java.io.File;
import java.nio.file.Path;
import java.util.function.BiFunction;
import javafx.scene.control.Button;
import javafx.scene.layout.Region;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** The header's "Save diagnostics…": asks where (a file chooser), then lets {@link DiagnosticsSaver} write. */
public final class SaveDiagnosticsButton {
    private SaveDiagnosticsButton() {
    }

    /** With the desktop's file chooser. */
    public static Button create(DiagnosticsSaver saver) {
        return create(saver, SaveDiagnosticsButton::choose);
    }

    /** With {@code chooser} (owner window, suggested file → chosen file or null when cancelled). */
    public static Button create(DiagnosticsSaver saver, BiFunction<Window, Path, Path> chooser) {
        Button button = new Button("Save diagnostics…");
        button.setId("save-diagnostics");
        button.setMinWidth(Region.USE_PREF_SIZE);
        HoverTooltip.install(button, "Write a redacted zip for support, the same as 'hostwarden diagnose'");
        button.disableProperty().bind(saver.savingProperty());
        button.setOnAction(event -> {
            Path chosen = chooser.apply(button.getScene() == null ? null : button.getScene().getWindow(), saver.suggestedTarget());
            if (chosen != null) {
                saver.save(chosen);
            }
        });
        return button;
    }

    static Path choose(Window owner, Path suggested) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Save diagnostics");
        chooser.setInitialDirectory(suggested.getParent().toFile());
        chooser.setInitialFileName(suggested.getFileName().toString());
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("Zip archives", "*.zip"));
        File file = chooser.showSaveDialog(owner);
        return file == null ? null : file.toPath();
    }
}
