package dev.hostwarden.panel.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.panel.PanelApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The real stylesheets on a real (Monocle headless) window: the user-agent stylesheet is AtlantaFX's
 * Primer Light or Dark, and panel.css's colours resolve from it, so the same label is dark on light
 * and light on dark. Picking a theme applies at once and is remembered.
 */
@ExtendWith(ApplicationExtension.class)
class AppearanceFxTest {
    @TempDir
    Path state;

    private Scene scene;
    private Label title;

    @Start
    void start(Stage stage) {
        title = new Label("Hostwarden");
        title.getStyleClass().add("app-title");
        scene = new Scene(new StackPane(title), 300, 100);
        scene.getStylesheets().add(PanelApp.class.getResource("panel.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    private <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get();
    }

    private double brightness(Paint paint) {
        return ((Color) paint).getBrightness();
    }

    @Test
    void pickingDarkRestylesAtOnceAndIsRemembered() throws Exception {
        ThemeStore store = new ThemeStore(state.resolve("hostwarden"));
        Appearance appearance = Appearance.begin(store, ThemeChoice.LIGHT, new SystemThemeProbe(Platform.Desktop.FREEDESKTOP));
        onFx(() -> {
            appearance.applyToApplication();
            appearance.attach(scene);
            return null;
        });
        // A new user-agent stylesheet reaches the scene on the next pulse, as it would on screen.
        WaitForAsyncUtils.waitForFxEvents();
        Paint light = onFx(title::getTextFill);
        assertTrue(Application.getUserAgentStylesheet().contains("primer-light"), Application.getUserAgentStylesheet());
        assertFalse(scene.getRoot().getStyleClass().contains(Appearance.DARK_STYLE_CLASS));
        assertFalse(Files.exists(state.resolve("hostwarden/theme")), "the command line's choice is for this run only");

        onFx(() -> {
            appearance.choose(ThemeChoice.DARK);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Paint dark = onFx(title::getTextFill);
        assertTrue(Application.getUserAgentStylesheet().contains("primer-dark"), Application.getUserAgentStylesheet());
        assertTrue(scene.getRoot().getStyleClass().contains(Appearance.DARK_STYLE_CLASS));
        assertNotEquals(light, dark);
        assertTrue(brightness(light) < 0.4 && brightness(dark) > 0.6, "text is dark on light and light on dark: " + light + " / " + dark);
        assertEquals("dark", Files.readString(state.resolve("hostwarden/theme")).strip());
        assertEquals(ThemeChoice.DARK, new ThemeStore(state.resolve("hostwarden")).load().orElseThrow());
        onFx(() -> {
            appearance.choose(ThemeChoice.LIGHT);
            return null;
        });
    }
}
