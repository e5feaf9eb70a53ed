package dev.hostwarden.panel.view;

import dev.hostwarden.panel.model.Describe;
import dev.hostwarden.panel.model.HomeStatus;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.core.PidMarker;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/** The hermes root home and every profile home: per-home gateway.lock and planned-stop marker. */
public final class ProfilesView extends VBox {
    private final GridPane grid = new GridPane();

    public ProfilesView(PanelModel model) {
        setId("profiles");
        getStyleClass().add("profiles");
        grid.getStyleClass().add("profiles-grid");
        getChildren().addAll(Ui.label("PROFILES AND PLANNED-STOP MARKERS", "section-title"), grid);
        model.homesProperty().addListener((ListChangeListener<HomeStatus>) change -> show(model.homesProperty()));
        show(model.homesProperty());
    }

    private void show(List<HomeStatus> homes) {
        grid.getChildren().clear();
        grid.addRow(0, Ui.label("Profile", "column-head"), Ui.label("Home", "column-head"),
                Ui.label("gateway.lock", "column-head"), Ui.label("Planned-stop marker", "column-head"));
        grid.getChildren().forEach(head -> ((Label) head).setMinWidth(Region.USE_PREF_SIZE));
        int row = 1;
        for (HomeStatus home : homes) {
            Label marker = Ui.wrapping(markerText(home), home.markerContents() != null || home.markerProblem() != null ? "value" : "subtle");
            marker.setMaxWidth(560);
            Label name = Ui.label(home.profile(), "value");
            Label lock = Ui.label(Describe.lock(home.runtimeLock()), "value");
            // Names and lock states keep their width; a long home wraps at '/' and copies whole.
            name.setMinWidth(Region.USE_PREF_SIZE);
            lock.setMinWidth(Region.USE_PREF_SIZE);
            Label path = Ui.copyable(Ui.wrapping(Describe.breakablePath(home.home().toString()), "mono"), home.home().toString());
            grid.addRow(row++, name, path, lock, marker);
        }
    }

    private String markerText(HomeStatus home) {
        if (home.markerProblem() != null) {
            return home.markerProblem();
        }
        PidMarker.Contents marker = home.markerContents();
        if (marker == null) {
            return "none";
        }
        return "target PID " + marker.targetPid() + (marker.targetStartTime() == null ? "" : " (start " + marker.targetStartTime() + ")")
                + ", stopper PID " + Describe.orDash(marker.writerPid()) + "; " + home.markerAge() + "; "
                + home.markerTarget();
    }
}
