package dev.hostwarden.panel;

import java.nio.file.Path;
import java.util.List;
import javafx.application.Platform;
import javafx.event.EventHandler;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.WindowEvent;

/**
 * Gives the stage its remembered (or default) placement before it is first shown, follows its normal
 * (not maximized) bounds while it lives, and saves them when the window hides or the panel quits.
 * Only Hostwarden's own state directory is written.
 */
final class PlacementKeeper {
    private final Stage stage;
    private final Path stateDir;
    private Rectangle2D normal;

    PlacementKeeper(Stage stage, Path stateDir) {
        this.stage = stage;
        this.stateDir = stateDir;
    }

    /** Sets the stage's position and size explicitly; call before the first {@code show()}. */
    void place() {
        WindowPlacement wanted = WindowPlacement.load(stateDir)
                .map(saved -> saved.clampedTo(area(screenFor(saved))))
                .orElseGet(() -> WindowPlacement.standard(area(Screen.getPrimary().getVisualBounds())));
        stage.setX(wanted.x());
        stage.setY(wanted.y());
        stage.setWidth(wanted.width());
        stage.setHeight(wanted.height());
        stage.setMaximized(wanted.maximized());
        normal = new Rectangle2D(wanted.x(), wanted.y(), wanted.width(), wanted.height());
        // JavaFX 21 on GTK maps the first window at GTK's default size under a window manager while
        // the stage believes it has the size set above (JDK-8316423, fixed in JavaFX 22). Once the
        // frame extents have arrived the stage's own size differs from the one asked for, so asking
        // again reaches the window manager.
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, new EventHandler<>() {
            @Override
            public void handle(WindowEvent shown) {
                stage.removeEventHandler(WindowEvent.WINDOW_SHOWN, this);
                Platform.runLater(() -> {
                    if (!stage.isMaximized()) {
                        stage.setWidth(wanted.width());
                        stage.setHeight(wanted.height());
                    }
                });
            }
        });
        stage.xProperty().addListener((observable, before, after) -> follow());
        stage.yProperty().addListener((observable, before, after) -> follow());
        stage.widthProperty().addListener((observable, before, after) -> follow());
        stage.heightProperty().addListener((observable, before, after) -> follow());
    }

    /** Remembers the bounds the window has when it is neither maximized nor iconified. */
    private void follow() {
        if (stage.isShowing() && !stage.isMaximized() && !stage.isIconified() && stage.getWidth() > 0 && stage.getHeight() > 0) {
            normal = new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        }
    }

    /** Saves the normal bounds and whether the window is maximized; a failure only loses the memory. */
    void save() {
        if (normal != null) {
            new WindowPlacement(normal.getMinX(), normal.getMinY(), normal.getWidth(), normal.getHeight(), stage.isMaximized())
                    .save(stateDir);
        }
    }

    /** The visual bounds of the screen the saved window's top-left corner was on, else the primary's. */
    private static Rectangle2D screenFor(WindowPlacement saved) {
        if (!Double.isNaN(saved.x()) && !Double.isNaN(saved.y())) {
            List<Screen> screens = Screen.getScreensForRectangle(saved.x(), saved.y(), 1, 1);
            if (!screens.isEmpty()) {
                return screens.get(0).getVisualBounds();
            }
        }
        return Screen.getPrimary().getVisualBounds();
    }

    private static WindowPlacement.Area area(Rectangle2D bounds) {
        return new WindowPlacement.Area(bounds.getMinX(), bounds.getMinY(), bounds.getWidth(), bounds.getHeight());
    }
}
