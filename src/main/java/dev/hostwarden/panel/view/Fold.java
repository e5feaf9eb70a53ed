package dev.hostwarden.panel.view;

import javafx.scene.Node;
import javafx.scene.control.TitledPane;

/**
 * A card's folded section (owner record, host lock, proof and reasons). Its content joins the scene
 * when it first opens: folded, its labels and grids were styled and laid out for nothing (nine folds
 * in three cards, on the way to the first window too). And it is drawn only while open: a change
 * while folded is drawn when the fold next opens, so a panel whose folds stay shut does not rebuild
 * their grids at every change (each value a label with its own context menu).
 */
final class Fold {
    private final TitledPane pane;
    private final Node content;
    private final Runnable draw;
    private boolean stale = true;

    /** {@code draw} fills {@code content} from the card's current state; called on the FX thread. */
    Fold(String title, Node content, String id, Runnable draw) {
        this.content = content;
        this.draw = draw;
        pane = new TitledPane(title, null);
        pane.setId(id);
        pane.setExpanded(false);
        pane.setAnimated(false);
        pane.getStyleClass().add("fold");
        pane.expandedProperty().addListener((observable, before, open) -> {
            if (open) {
                if (pane.getContent() == null) {
                    pane.setContent(content);
                }
                if (stale) {
                    stale = false;
                    draw.run();
                }
            }
        });
    }

    TitledPane pane() {
        return pane;
    }

    /** What the fold shows has changed: drawn now while it is open, else when it next opens. */
    void changed() {
        if (pane.isExpanded()) {
            stale = false;
            draw.run();
        } else {
            stale = true;
        }
    }
}
