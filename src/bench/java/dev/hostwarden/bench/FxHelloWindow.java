package dev.hostwarden.bench;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/** JavaFX's own idle floor for src/bench/panel-idle-cpu.sh: a window with one label, doing nothing. */
public final class FxHelloWindow {
    public static void main(String[] args) {
        // Through a nested Application: launching from a main class that is not one avoids the
        // "JavaFX runtime components are missing" check of a class path launch.
        Application.launch(Window.class, args);
    }

    public static final class Window extends Application {
        @Override
        public void start(Stage stage) {
            stage.setTitle("FxHelloWindow");
            stage.setScene(new Scene(new Label("hello"), 480, 320));
            stage.show();
            Platform.setImplicitExit(true);
        }
    }
}
