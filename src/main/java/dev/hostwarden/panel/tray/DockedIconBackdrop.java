package dev.hostwarden.panel.tray;

import java.awt.Rectangle;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.robot.Robot;
import javafx.stage.Screen;

/**
 * Once the X11 tray has docked the icon, gives it the tray's colour ({@link TrayBackdrop}). The
 * screen is read with JavaFX's robot on the FX thread: AWT's robot would start GTK a second time.
 */
public final class DockedIconBackdrop {
    private static final Duration DOCKING_PATIENCE = Duration.ofSeconds(10);
    private static final Duration POLL = Duration.ofMillis(250);

    private DockedIconBackdrop() {
    }

    /** On X11 (where the JDK's icon sits on an opaque square), waits on {@code background} for the icon to dock, then matches the tray. */
    public static void whenDocked(AwtTray tray, Executor background) {
        if (!AwtTray.onX11()) {
            return;
        }
        background.execute(() -> dockedAndSettled(tray).flatMap(DockedIconBackdrop::trayColour).ifPresent(tray::paintOver));
    }

    /** The icon's bounds once two looks a poll apart agree (the tray may still be laying out its icons). */
    private static Optional<Rectangle> dockedAndSettled(AwtTray tray) {
        long deadline = System.nanoTime() + DOCKING_PATIENCE.toNanos();
        Rectangle last = null;
        while (System.nanoTime() < deadline) {
            Optional<Rectangle> now = tray.dockedBounds();
            if (now.isPresent() && now.get().equals(last)) {
                return now;
            }
            last = now.orElse(null);
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private static Optional<Integer> trayColour(Rectangle icon) {
        CompletableFuture<Optional<Integer>> colour = new CompletableFuture<>();
        Platform.runLater(() -> {
            try {
                colour.complete(TrayBackdrop.around(screenAround(icon), icon.x, icon.y, icon.width, icon.height));
            } catch (RuntimeException failed) {
                colour.complete(Optional.empty());
            }
        });
        try {
            return colour.get(AwtTray.INSTALL_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        } catch (ExecutionException | TimeoutException unanswered) {
            return Optional.empty();
        }
    }

    /** One capture of the icon and a margin around it; points on no screen read as null. */
    private static TrayBackdrop.Screen screenAround(Rectangle icon) {
        int margin = TrayBackdrop.GAP + 1;
        int left = icon.x - margin;
        int top = icon.y - margin;
        int width = icon.width + 2 * margin;
        int height = icon.height + 2 * margin;
        WritableImage capture = new Robot().getScreenCapture(null, left, top, width, height, false);
        PixelReader pixels = capture.getPixelReader();
        List<Rectangle2D> screens = Screen.getScreens().stream().map(Screen::getBounds).toList();
        return (x, y) -> {
            boolean onScreen = screens.stream().anyMatch(bounds -> bounds.contains(x + 0.5, y + 0.5));
            int dx = x - left;
            int dy = y - top;
            if (!onScreen || dx < 0 || dy < 0 || dx >= capture.getWidth() || dy >= capture.getHeight()) {
                return null;
            }
            return pixels.getArgb(dx, dy);
        };
    }
}
