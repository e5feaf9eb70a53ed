package dev.hostwarden.panel.view;

import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Stage;

/**
 * What every window beside the panel (the Doctor, the Timeline) does with the keyboard: Esc and
 * Ctrl+W close it, as they close a dialog; an Esc that a control used first (an open menu) does not.
 */
public final class SecondaryWindows {
    private static final String PANEL_CSS = "/dev/hostwarden/panel/panel.css";

    private SecondaryWindows() {
    }

    /** Esc and Ctrl+W close {@code stage}; call once its scene is set. */
    public static void closeWithKeys(Stage stage) {
        Scene scene = stage.getScene();
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN), stage::close);
        scene.addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ESCAPE && !event.isConsumed()) {
                stage.close();
                event.consume();
            }
        });
    }

    /** A confirmation dialog styled as the panel: its buttons show the same focus ring and disabled look. */
    public static <T extends Dialog<?>> T styled(T dialog) {
        dialog.getDialogPane().getStylesheets().add(SecondaryWindows.class.getResource(PANEL_CSS).toExternalForm());
        return dialog;
    }
}
