package dev.hostwarden.panel.doctor;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.doctor.Doctor;
import dev.hostwarden.doctor.DoctorContext;
import dev.hostwarden.doctor.DoctorReport;
import dev.hostwarden.doctor.Finding;
import dev.hostwarden.panel.model.PanelContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;

/**
 * The Doctor view's state: the same checks as {@code hostwarden doctor}, run on the panel's
 * background executor (they read the disk and may ask hermes its version), applied on the UI
 * executor. A safe fix runs only after {@link #ask} and {@link #confirm}; the checks then run again.
 */
public final class DoctorViewModel {
    private final PanelContext context;
    private final Supplier<DoctorContext> doctorContext;
    private final ReadOnlyListWrapper<DoctorRow> rows = new ReadOnlyListWrapper<>(this, "rows", FXCollections.observableArrayList());
    private final ReadOnlyBooleanWrapper running = new ReadOnlyBooleanWrapper(this, "running");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "Not checked yet");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyObjectWrapper<SafeFix> pending = new ReadOnlyObjectWrapper<>(this, "pending");
    private final ReadOnlyBooleanWrapper checked = new ReadOnlyBooleanWrapper(this, "checked");
    private Runnable afterFix = () -> { };

    public DoctorViewModel(PanelContext context) {
        this.context = context;
        // The panel's own rendezvous and hermes home, so the view checks what the cards show.
        this.doctorContext = () -> new DoctorContext(context.rendezvous(), context.hermesRoot(), Environment.system(), Duration.ofSeconds(5));
    }

    /** Called on the UI executor after a fix ran (the panel refreshes its cards and homes). */
    public void setAfterFix(Runnable action) {
        this.afterFix = action;
    }

    /** The checks, what needs attention first (problems, then warnings, then OK; the doctor's order within each). */
    public ReadOnlyListProperty<DoctorRow> rowsProperty() {
        return rows.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty runningProperty() {
        return running.getReadOnlyProperty();
    }

    /** True once a run has been applied (tests wait on it). */
    public ReadOnlyBooleanProperty checkedProperty() {
        return checked.getReadOnlyProperty();
    }

    /** "3 OK, 1 warning, 1 problem", or what is under way. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** What the last fix did, or "". */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The fix awaiting confirmation, or null. */
    public ReadOnlyObjectProperty<SafeFix> pendingProperty() {
        return pending.getReadOnlyProperty();
    }

    /** Runs every check again, off the UI thread; a call while one runs is ignored. */
    public void run() {
        if (running.get()) {
            return;
        }
        running.set(true);
        summary.set("Checking…");
        context.background().execute(() -> {
            List<DoctorRow> found = new ArrayList<>();
            String failure = null;
            try {
                DoctorContext doctor = doctorContext.get();
                DoctorReport report = Doctor.examine(doctor);
                for (Finding finding : report.findings()) {
                    found.add(new DoctorRow(finding, SafeFixes.of(finding, doctor, context.actions())));
                }
                found.sort(Comparator.comparing((DoctorRow row) -> row.finding().result()).reversed());
            } catch (RuntimeException unexpected) {
                failure = "The checks failed: " + unexpected;
            }
            String problem = failure;
            context.ui().execute(() -> {
                rows.setAll(found);
                summary.set(problem != null ? problem : summarize(found));
                running.set(false);
                checked.set(true);
            });
        });
    }

    static String summarize(List<DoctorRow> rows) {
        long ok = rows.stream().filter(row -> row.finding().result() == Finding.Result.OK).count();
        long warn = rows.stream().filter(row -> row.finding().result() == Finding.Result.WARN).count();
        long problem = rows.stream().filter(row -> row.finding().result() == Finding.Result.PROBLEM).count();
        return ok + " OK, " + warn + (warn == 1 ? " warning, " : " warnings, ") + problem + (problem == 1 ? " problem" : " problems");
    }

    /** Opens the confirmation of {@code fix}. */
    public void ask(SafeFix fix) {
        if (!running.get()) {
            pending.set(fix);
        }
    }

    public void cancel() {
        pending.set(null);
    }

    /** Applies the fix awaiting confirmation off the UI thread, says what happened, then checks again. */
    public void confirm() {
        SafeFix fix = pending.get();
        if (fix == null || running.get()) {
            return;
        }
        pending.set(null);
        running.set(true);
        message.set(fix.label() + "…");
        context.background().execute(() -> {
            String outcome;
            try {
                outcome = fix.apply().get();
            } catch (RuntimeException unexpected) {
                outcome = fix.label() + " failed: " + unexpected;
            }
            String said = outcome;
            context.ui().execute(() -> {
                message.set(said);
                running.set(false);
                afterFix.run();
                run();
            });
        });
    }
}
