package dev.hostwarden.panel.doctor;

import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.window.SecondaryWindows;
import javafx.geometry.Dimension2D;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The Doctor as its own window beside the panel; each opening checks afresh; Esc and Ctrl+W close it. */
public final class DoctorWindow {
    private static final String MODEL = DoctorViewModel.class.getName();

    private DoctorWindow() {
    }

    /** Opens the window owned by {@code owner}, with the panel's stylesheets, and starts the checks; {@code afterFix} refreshes the panel. */
    public static Stage open(Window owner, PanelContext context, Runnable afterFix) {
        // A second click brings the open Doctor forward and checks again, rather than stacking windows.
        for (Window window : Window.getWindows()) {
            if (window instanceof Stage open && open.getOwner() == owner && open.getProperties().get(MODEL) instanceof DoctorViewModel shown) {
                open.toFront();
                shown.run();
                return open;
            }
        }
        DoctorViewModel model = new DoctorViewModel(context);
        model.setAfterFix(afterFix);
        Dimension2D size = SecondaryWindows.sceneSize(owner, 780, 700);
        Scene scene = new Scene(new DoctorView(model), size.getWidth(), size.getHeight());
        scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Hostwarden — Doctor");
        stage.setScene(scene);
        SecondaryWindows.closeWithKeys(stage);
        stage.getProperties().put(MODEL, model);
        stage.show();
        SecondaryWindows.keepOnScreen(stage);
        model.run();
        return stage;
    }
}
