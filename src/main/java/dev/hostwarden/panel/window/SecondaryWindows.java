package dev.hostwarden.panel.window;

import java.util.List;
import java.util.Optional;
import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Dialog;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.stage.Screen;
import javafx.stage.Stage;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * What every window beside the panel (the Doctor, the Timeline, a log) does: Esc and Ctrl+W close it,
 * as they close a dialog (an Esc that a control used first, an open menu, does not); and it fits the
 * screen its owner is on, an 800×600 desktop included, however large it would like to be.
 */
public final class SecondaryWindows {
    private static final String PANEL_CSS = "/dev/hostwarden/panel/panel.css";

    /** What a window's frame takes beyond its scene: a title bar and borders. */
    private static final double FRAME_HEIGHT = 48;
    private static final double FRAME_WIDTH = 16;
    private static final double MIN_WIDTH = 320;
    private static final double MIN_HEIGHT = 240;

    private SecondaryWindows() {
    }

    /**
     * A window beside {@code owner} (may be null): {@code root} in a scene of the wanted size fitted to
     * the owner's screen ({@code height} -1: from its content), the owner's stylesheets, Esc and Ctrl+W
     * to close it, and kept on its screen once shown. The caller adds what is its own and shows it.
     */
    public static Stage create(Window owner, String title, Parent root, double width, double height) {
        Dimension2D size = sceneSize(owner, width, height);
        Scene scene = new Scene(root, size.getWidth(), size.getHeight());
        Stage stage = new Stage();
        if (owner != null) {
            stage.initOwner(owner);
            if (owner.getScene() != null) {
                scene.getStylesheets().setAll(owner.getScene().getStylesheets());
            }
        }
        stage.setTitle(title);
        stage.setScene(scene);
        closeWithKeys(stage);
        stage.addEventHandler(WindowEvent.WINDOW_SHOWN, event -> keepOnScreen(stage));
        return stage;
    }

    /** The window beside {@code owner} that carries {@code key} among its properties, when one is open: a second click brings it forward rather than stacking another. */
    public static Optional<Stage> alreadyOpen(Window owner, String key) {
        for (Window window : Window.getWindows()) {
            if (window instanceof Stage open && open.getOwner() == owner && open.getProperties().get(key) != null) {
                return Optional.of(open);
            }
        }
        return Optional.empty();
    }

    /** The scene size for a window beside {@code owner}: the wanted one ({@code height} -1: from its content), shrunk to fit its screen. */
    static Dimension2D sceneSize(Window owner, double width, double height) {
        return fitted(width, height, screenOf(owner));
    }

    /** {@code width}×{@code height} shrunk, frame included, into {@code screen}'s visual bounds; a height of -1 stays -1. */
    static Dimension2D fitted(double width, double height, Rectangle2D screen) {
        double fittedWidth = Math.max(MIN_WIDTH, Math.min(width, screen.getWidth() - FRAME_WIDTH));
        double fittedHeight = height < 0 ? height : Math.max(MIN_HEIGHT, Math.min(height, screen.getHeight() - FRAME_HEIGHT));
        return new Dimension2D(fittedWidth, fittedHeight);
    }

    /** After {@code stage} has shown: no taller than its screen (a height from its content too), and wholly on it. */
    static void keepOnScreen(Stage stage) {
        Rectangle2D screen = screenOf(stage.getOwner() != null ? stage.getOwner() : stage);
        if (stage.getHeight() > screen.getHeight()) {
            stage.setHeight(screen.getHeight());
        }
        if (stage.getWidth() > screen.getWidth()) {
            stage.setWidth(screen.getWidth());
        }
        stage.setX(Math.max(screen.getMinX(), Math.min(stage.getX(), screen.getMaxX() - stage.getWidth())));
        stage.setY(Math.max(screen.getMinY(), Math.min(stage.getY(), screen.getMaxY() - stage.getHeight())));
    }

    private static Rectangle2D screenOf(Window window) {
        if (window != null && window.getWidth() > 0) {
            List<Screen> screens = Screen.getScreensForRectangle(window.getX(), window.getY(), window.getWidth(), window.getHeight());
            if (!screens.isEmpty()) {
                return screens.get(0).getVisualBounds();
            }
        }
        return Screen.getPrimary().getVisualBounds();
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
