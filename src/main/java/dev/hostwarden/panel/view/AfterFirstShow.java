package dev.hostwarden.panel.view;

import javafx.application.Platform;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.stage.Window;

/**
 * Runs something once, on the FX thread, just after the window a node is in first shows: for parts of
 * the window below the fold, which need not be built, styled and laid out before the window appears.
 */
final class AfterFirstShow implements ChangeListener<Object> {
    private final Node node;
    private final Runnable action;
    private Scene scene;
    private Window window;
    private boolean done;

    private AfterFirstShow(Node node, Runnable action) {
        this.node = node;
        this.action = action;
    }

    static void run(Node node, Runnable action) {
        AfterFirstShow waiting = new AfterFirstShow(node, action);
        node.sceneProperty().addListener(waiting);
        waiting.check();
    }

    @Override
    public void changed(ObservableValue<?> observable, Object before, Object after) {
        check();
    }

    private void check() {
        if (done) {
            return;
        }
        Scene nowScene = node.getScene();
        if (nowScene != scene) {
            if (scene != null) {
                scene.windowProperty().removeListener(this);
            }
            scene = nowScene;
            if (scene != null) {
                scene.windowProperty().addListener(this);
            }
        }
        Window nowWindow = scene == null ? null : scene.getWindow();
        if (nowWindow != window) {
            if (window != null) {
                window.showingProperty().removeListener(this);
            }
            window = nowWindow;
            if (window != null) {
                window.showingProperty().addListener(this);
            }
        }
        if (window != null && window.isShowing()) {
            done = true;
            node.sceneProperty().removeListener(this);
            scene.windowProperty().removeListener(this);
            window.showingProperty().removeListener(this);
            Platform.runLater(action);
        }
    }
}
