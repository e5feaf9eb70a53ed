package dev.hostwarden.panel.doctor;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.diagnostics.DiagnosticsAssembly;
import dev.hostwarden.diagnostics.DiagnosticsBundle;
import dev.hostwarden.panel.model.PanelContext;
import java.io.IOException;
import java.nio.file.Path;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * "Save diagnostics…": writes the same redacted zip as {@code hostwarden diagnose} (through
 * {@link DiagnosticsAssembly}) on the background executor, then says where it went. The panel works
 * on while the bundle is gathered; a second save while one runs is ignored.
 */
public final class DiagnosticsSaver {
    private final PanelContext context;
    private final Environment environment;
    private final ReadOnlyBooleanWrapper saving = new ReadOnlyBooleanWrapper(this, "saving");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyObjectWrapper<Path> written = new ReadOnlyObjectWrapper<>(this, "written");

    public DiagnosticsSaver(PanelContext context, Environment environment) {
        this.context = context;
        this.environment = environment;
    }

    public ReadOnlyBooleanProperty savingProperty() {
        return saving.getReadOnlyProperty();
    }

    /** Where the last zip was written, or why it was not. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The last zip written, or null. */
    public ReadOnlyObjectProperty<Path> writtenProperty() {
        return written.getReadOnlyProperty();
    }

    /** What the file chooser offers: {@code hostwarden-diagnostics-<UTC time>.zip} in the home directory. */
    public Path suggestedTarget() {
        return Path.of(environment.realHome()).resolve(DiagnosticsAssembly.defaultFileName(context.clock()));
    }

    /** Gathers and writes the bundle to {@code target} off the UI thread. */
    public void save(Path target) {
        if (saving.get()) {
            return;
        }
        saving.set(true);
        message.set("Saving diagnostics to " + target + "…");
        context.background().execute(() -> {
            Path absolute = target.toAbsolutePath().normalize();
            String said;
            Path done = null;
            try {
                DiagnosticsBundle bundle = DiagnosticsAssembly.assemble(context.rendezvous(), environment, context.hermesRoot(), false);
                bundle.write(absolute);
                done = absolute;
                said = "Diagnostics saved to " + absolute + " (redacted; owner logs left out)";
            } catch (IOException failed) {
                said = "Diagnostics not saved: cannot write " + absolute + ": " + IoMessages.describe(failed);
            } catch (RuntimeException unexpected) {
                said = "Diagnostics not saved: " + unexpected;
            }
            String outcome = said;
            Path file = done;
            context.ui().execute(() -> {
                written.set(file);
                message.set(outcome);
                saving.set(false);
            });
        });
    }
}
