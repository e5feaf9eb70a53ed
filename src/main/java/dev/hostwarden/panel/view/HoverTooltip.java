package dev.hostwarden.panel.view;

import java.util.function.Supplier;
import javafx.beans.value.ObservableValue;
import javafx.event.EventHandler;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * Tooltips made when the pointer first enters their node. Each tooltip is a popup window with its own
 * CSS, and the first one sets up JavaFX's tooltip machinery: made up front, the header's and cards'
 * tooltips were about 7 % of the FX thread's work before the first window showed, for text most users
 * never hover. JavaFX shows a tooltip after the pointer rests, so one made on entering still shows.
 */
public final class HoverTooltip {
    private HoverTooltip() {
    }

    /** A tooltip with fixed text. */
    public static void install(Node node, String text) {
        install(node, () -> new Tooltip(text));
    }

    /** A tooltip whose text follows {@code text}. */
    public static void install(Node node, ObservableValue<String> text) {
        install(node, () -> {
            Tooltip tooltip = new Tooltip();
            tooltip.textProperty().bind(text);
            return tooltip;
        });
    }

    /** A tooltip from {@code make} (which may bind its text), on a control or any node. */
    public static void install(Node node, Supplier<Tooltip> make) {
        node.addEventHandler(MouseEvent.MOUSE_ENTERED, new EventHandler<>() {
            @Override
            public void handle(MouseEvent entered) {
                node.removeEventHandler(MouseEvent.MOUSE_ENTERED, this);
                Tooltip tooltip = make.get();
                if (node instanceof Control control) {
                    control.setTooltip(tooltip);
                } else {
                    Tooltip.install(node, tooltip);
                }
            }
        });
    }
}
