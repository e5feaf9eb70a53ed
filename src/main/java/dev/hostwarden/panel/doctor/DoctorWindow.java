package dev.hostwarden.panel.doctor;

import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.window.SecondaryWindows;
import java.util.Optional;
import javafx.stage.Stage;
import javafx.stage.Window;

/** The Doctor as its own window beside the panel; each opening checks afresh; Esc and Ctrl+W close it. */
public final class DoctorWindow {
    private static final String MODEL = DoctorViewModel.class.getName();

    private DoctorWindow() {
    }

    /** Opens the window owned by {@code owner}, with the panel's stylesheets, and starts the checks; {@code afterFix} refreshes the panel. */
    public static Stage open(Window owner, PanelContext context, Runnable afterFix) {
        Optional<Stage> open = SecondaryWindows.alreadyOpen(owner, MODEL);
        if (open.isPresent()) {
            open.get().toFront();
            ((DoctorViewModel) open.get().getProperties().get(MODEL)).run();
            return open.get();
        }
        DoctorViewModel model = new DoctorViewModel(context);
        model.setAfterFix(afterFix);
        Stage stage = SecondaryWindows.create(owner, "Hostwarden — Doctor", new DoctorView(model), 780, 700);
        stage.getProperties().put(MODEL, model);
        stage.show();
        model.run();
        return stage;
    }
}
