package dev.hostwarden.panel.view;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.profiles.DesktopHandOff;
import dev.hostwarden.panel.profiles.ProfilesPane;
import dev.hostwarden.panel.profiles.ProfilesViewModel;
import javafx.scene.layout.VBox;

/**
 * The panel's Profiles section: the {@link ProfilesPane} on a {@link ProfilesViewModel} fed by the same
 * core report as {@code hostwarden profiles}, refreshed with every panel refresh (file events, the
 * re-verification timer, F5 and Refresh).
 */
public final class ProfilesView extends VBox {
    private final ProfilesViewModel profiles;

    public ProfilesView(PanelModel model) {
        setId("profiles");
        getStyleClass().add("profiles");
        PanelContext context = model.context();
        profiles = new ProfilesViewModel(context.actions(), context.hermesRoot(), new DesktopHandOff(Environment.system()),
                context.background(), context.ui());
        // The pane itself (a table, a text area and a stylesheet of their own) is built just after the
        // window first shows: it sits below the role cards, and on the way to the first window its skins,
        // CSS and layout were about a fifth of the JavaFX thread's work.
        AfterFirstShow.run(this, new BuildPane());
        model.lastRefreshProperty().addListener((observable, before, after) -> profiles.refresh());
        if (Boolean.getBoolean("hostwarden.panel.debug")) {
            // The bench reads one line per refresh: what it cost in CPU, scan and apply.
            profiles.lastCostProperty().addListener((observable, before, cost) -> System.err.println(cost.line()));
        }
    }

    /** A class, not a lambda: one fewer generated class before the first window. */
    private final class BuildPane implements Runnable {
        @Override
        public void run() {
            getChildren().add(new ProfilesPane(profiles));
        }
    }

    public ProfilesViewModel profiles() {
        return profiles;
    }
}
