package dev.hostwarden.panel.doctor;

import dev.hostwarden.panel.model.PanelContext;
import javafx.scene.Scene;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The Doctor as its own window beside the panel; each opening checks afresh. */
public final class DoctorWindow {
    private DoctorWindow() {
    }

    /** Opens the window owned by {@code owner}, with the panel's stylesheets, and starts the checks; {@code afterFix} refreshes the panel. */
    public static Stage open(Window owner, PanelContext context, Runnable afterFix) {
        DoctorViewModel model = new DoctorViewModel(context);
        model.setAfterFix(afterFix);
        Scene scene = new Scene(new DoctorView(model), 780, 700);
        scene.getStylesheets().setAll(owner.getScene().getStylesheets());
        Stage stage = new Stage();
        stage.initOwner(owner);
        stage.setTitle("Hostwarden — Doctor");
        stage.setScene(scene);
        stage.show();
        model.run();
        return stage;
    }
}
