package dev.hostwarden.panel.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A tooltip exists only once the pointer has entered its node, and then stays the same one. */
@ExtendWith(ApplicationExtension.class)
class HoverTooltipFxTest {
    private Button button;
    private HBox wrapper;

    @Start
    void start(Stage stage) {
        button = new Button("Refresh");
        wrapper = new HBox(new Button("Stop"));
        button.setId("hover-button");
        wrapper.setId("hover-wrapper");
        HoverTooltip.install(button, "Re-inspect every role now (F5)");
        HoverTooltip.install(wrapper, () -> new Tooltip("no owner to stop"));
        stage.setScene(new Scene(new HBox(40, button, wrapper), 400, 100));
        stage.show();
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    @Test
    void theTooltipIsMadeWhenThePointerFirstEnters(FxRobot robot) throws Exception {
        assertNull(onFx(button::getTooltip), "no tooltip before any hover");
        robot.moveTo("#hover-button");
        WaitForAsyncUtils.waitForFxEvents();
        Tooltip made = onFx(button::getTooltip);
        assertNotNull(made, "entering the button made its tooltip");
        assertEquals("Re-inspect every role now (F5)", made.getText());
        robot.moveTo("#hover-wrapper");
        robot.moveTo("#hover-button");
        WaitForAsyncUtils.waitForFxEvents();
        assertSame(made, onFx(button::getTooltip), "entering again keeps the same tooltip");
    }

    @Test
    void aPlainNodeGetsItsTooltipInstalled(FxRobot robot) throws Exception {
        assertNull(onFx(() -> wrapper.getProperties().get("javafx.scene.control.Tooltip")));
        robot.moveTo("#hover-wrapper");
        WaitForAsyncUtils.waitForFxEvents();
        assertNotNull(onFx(() -> wrapper.getProperties().get("javafx.scene.control.Tooltip")), "Tooltip.install keeps it in the node's properties");
    }
}
