package dev.hostwarden.panel.timeline;

import dev.hostwarden.history.HistoryCache;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.panel.window.SecondaryWindows;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Executor;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.util.Duration;

/** The timeline as its own window beside the panel; it reads the history again every 30 s while open; Esc and Ctrl+W close it. */
public final class TimelineWindow {
    private static final String MODEL = TimelineViewModel.class.getName();
    private static final Duration EVERY = Duration.seconds(30);

    private TimelineWindow() {
    }

    /** Opens the window owned by {@code owner} with the panel's stylesheets, reading {@code log} on {@code background}. */
    public static Stage open(Window owner, HistoryLog log, Path lockDir, Executor background) {
        // A second click brings the open timeline forward and reads again, rather than stacking windows.
        Stage shown = Window.getWindows().stream()
                .filter(window -> window instanceof Stage stage && stage.getOwner() == owner && stage.getProperties().get(MODEL) != null)
                .map(Stage.class::cast).findFirst().orElse(null);
        if (shown != null) {
            shown.toFront();
            ((TimelineViewModel) shown.getProperties().get(MODEL)).refresh();
            return shown;
        }
        TimelineViewModel model = new TimelineViewModel(new HistoryCache(log, lockDir), background, Platform::runLater, Clock.systemDefaultZone());
        Scene scene = new Scene(new TimelineView(model), SecondaryWindows.sceneSize(owner, 860, -1).getWidth(), -1);
        scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        scene.getStylesheets().add(TimelineWindow.class.getResource("timeline.css").toExternalForm());
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Hostwarden — Timeline");
        stage.setScene(scene);
        SecondaryWindows.closeWithKeys(stage);
        stage.getProperties().put(MODEL, model);
        Timeline again = new Timeline(new KeyFrame(EVERY, event -> model.refresh()));
        again.setCycleCount(Animation.INDEFINITE);
        stage.setOnShown(event -> again.play());
        stage.setOnHidden(event -> again.stop());
        stage.show();
        SecondaryWindows.keepOnScreen(stage);
        model.refresh();
        return stage;
    }
}
