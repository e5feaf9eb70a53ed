package dev.hostwarden.panel.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.panel.PanelApp;
import dev.hostwarden.panel.model.PanelContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;

/** The Doctor window beside a real panel window (Monocle headless): it takes the panel's stylesheet, and a second opening reuses it. */
class DoctorWindowFxTest extends DoctorFxTestBase {
    @TempDir
    Path temp;

    @Test
    void aSecondOpeningBringsTheSameWindowForward() throws Exception {
        PanelContext context = context(Files.createDirectories(temp.resolve("hermes")), Files.createDirectories(temp.resolve("locks")));
        String css = PanelApp.class.getResource("panel.css").toExternalForm();
        Stage first = onFx(() -> {
            Scene scene = new Scene(new Pane(), 400, 300);
            scene.getStylesheets().add(css);
            stage.setScene(scene);
            stage.show();
            return DoctorWindow.open(stage, context, () -> { });
        });
        Stage second = onFx(() -> DoctorWindow.open(stage, context, () -> { }));
        assertSame(first, second);
        assertEquals(1, onFx(() -> Window.getWindows().stream().filter(window -> window instanceof Stage each && each.getOwner() == stage).count()));
        assertTrue(onFx(() -> first.getScene().getStylesheets().contains(css)), "the Doctor looks like the panel");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> first.getScene().lookup("#doctor-verdict-lockDir") != null));
        onFx(() -> {
            first.close();
            return null;
        });
    }
}
