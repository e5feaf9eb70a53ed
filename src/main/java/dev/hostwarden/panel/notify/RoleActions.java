package dev.hostwarden.panel.notify;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.PanelModel;

/**
 * What a notification's buttons do, and which of them apply right now. Called on the UI thread.
 * Retract never removes anything by itself: it opens the card's preview, where the user confirms.
 */
public interface RoleActions {

    void open();

    boolean canRetract(Role role);

    void retract(Role role);

    /** "Start a new owner": the card's Start applies (the owner is gone and nothing holds the role). */
    boolean canStart(Role role);

    void start(Role role);

    /** The panel's cards: {@code openWindow} brings the window up, then the card does the rest. */
    static RoleActions of(PanelModel model, Runnable openWindow) {
        return new RoleActions() {
            @Override
            public void open() {
                openWindow.run();
            }

            @Override
            public boolean canRetract(Role role) {
                return model.card(role).retractEnabledProperty().get();
            }

            @Override
            public void retract(Role role) {
                openWindow.run();
                model.card(role).previewRetract();
            }

            @Override
            public boolean canStart(Role role) {
                return model.card(role).startEnabledProperty().get();
            }

            @Override
            public void start(Role role) {
                openWindow.run();
                model.card(role).start();
            }
        };
    }
}
