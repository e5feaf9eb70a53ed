package dev.hostwarden.panel.timeline;

import dev.hostwarden.history.HistoryCache;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.panel.window.SecondaryWindows;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executor;
import javafx.animation.Animation;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
import javafx.application.Platform;
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
        Optional<Stage> open = SecondaryWindows.alreadyOpen(owner, MODEL);
        if (open.isPresent()) {
            open.get().toFront();
            ((TimelineViewModel) open.get().getProperties().get(MODEL)).refresh();
            return open.get();
        }
        TimelineViewModel model = new TimelineViewModel(new HistoryCache(log, lockDir), background, Platform::runLater, Clock.systemDefaultZone());
        Stage stage = SecondaryWindows.create(owner, "Hostwarden — Timeline", new TimelineView(model), 860, -1);
        stage.getScene().getStylesheets().add(TimelineWindow.class.getResource("timeline.css").toExternalForm());
        stage.getProperties().put(MODEL, model);
        Timeline again = new Timeline(new KeyFrame(EVERY, event -> model.refresh()));
        again.setCycleCount(Animation.INDEFINITE);
        stage.setOnShown(event -> again.play());
        stage.setOnHidden(event -> again.stop());
        stage.show();
        model.refresh();
        return stage;
    }
}
