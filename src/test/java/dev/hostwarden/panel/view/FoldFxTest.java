package dev.hostwarden.panel.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A fold draws its content only while open: changes while folded are drawn once, when it opens. */
@ExtendWith(ApplicationExtension.class)
class FoldFxTest {
    private final VBox content = new VBox();
    private final Label value = new Label();
    private int draws;
    private String state = "first";
    private Fold fold;

    @Start
    void start(Stage stage) {
        content.getChildren().add(value);
        fold = new Fold("Owner record", content, "fold-under-test", () -> {
            draws++;
            value.setText(state);
        });
        stage.setScene(new Scene(new VBox(fold.pane()), 300, 200));
        stage.show();
    }

    private static <T> T onFx(Callable<T> action) throws Exception {
        return WaitForAsyncUtils.asyncFx(action).get(30, TimeUnit.SECONDS);
    }

    private void change(String next) throws Exception {
        onFx(() -> {
            state = next;
            fold.changed();
            return null;
        });
    }

    private void expanded(boolean open) throws Exception {
        onFx(() -> {
            fold.pane().setExpanded(open);
            return null;
        });
    }

    @Test
    void changesWhileFoldedAreDrawnOnceWhenItOpensAndAtOnceWhileOpen(FxRobot robot) throws Exception {
        assertNull(onFx(fold.pane()::getContent), "folded from the start, its content not yet in the scene");
        change("second");
        change("third");
        assertEquals(0, draws, "nothing drawn while folded");
        robot.clickOn("Owner record");
        WaitForAsyncUtils.waitForFxEvents();
        assertSame(content, onFx(fold.pane()::getContent));
        assertEquals(1, draws, "drawn once on opening");
        assertEquals("third", onFx(value::getText), "with the latest state");
        change("fourth");
        assertEquals(2, draws);
        assertEquals("fourth", onFx(value::getText), "open: drawn at once");
        expanded(false);
        expanded(true);
        assertEquals(2, draws, "folding and opening again with nothing changed draws nothing");
        expanded(false);
        change("fifth");
        assertEquals(2, draws);
        expanded(true);
        assertEquals(3, draws);
        assertEquals("fifth", onFx(value::getText));
    }
}
