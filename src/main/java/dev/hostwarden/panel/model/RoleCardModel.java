package dev.hostwarden.panel.model;

import dev.hostwarden.core.Check;
import dev.hostwarden.core.CheckResult;
import dev.hostwarden.core.HostRecord;
import dev.hostwarden.core.Reason;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.Role;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.ControlStep;
import dev.hostwarden.runtime.OwnerControl;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
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
 * The view-model of one role's card. State is exposed as read-only properties and changes only on
 * the context's UI executor; every core call (retract, stop, restart, process lookup) runs on the
 * background executor. Commands are plain methods, so tests drive it without a robot.
 */
public final class RoleCardModel {
    private final Role role;
    private final PanelContext context;
    private final Runnable requestRefresh;

    private final ReadOnlyObjectWrapper<RoleSnapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ReadOnlyObjectWrapper<Verdict> verdict = new ReadOnlyObjectWrapper<>(this, "verdict");
    private final ReadOnlyObjectWrapper<HolderInfo> holder = new ReadOnlyObjectWrapper<>(this, "holder");
    private final ReadOnlyStringWrapper holderStatus = new ReadOnlyStringWrapper(this, "holderStatus", "");
    private final ReadOnlyStringWrapper holderWarning = new ReadOnlyStringWrapper(this, "holderWarning", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyBooleanWrapper retractEnabled = new ReadOnlyBooleanWrapper(this, "retractEnabled");
    private final ReadOnlyStringWrapper retractDisabledReason = new ReadOnlyStringWrapper(this, "retractDisabledReason", "");
    private final ReadOnlyObjectWrapper<RetractPreview> retractPreview = new ReadOnlyObjectWrapper<>(this, "retractPreview");
    private final ReadOnlyBooleanWrapper stopEnabled = new ReadOnlyBooleanWrapper(this, "stopEnabled");
    private final ReadOnlyBooleanWrapper restartEnabled = new ReadOnlyBooleanWrapper(this, "restartEnabled");
    private final ReadOnlyBooleanWrapper startEnabled = new ReadOnlyBooleanWrapper(this, "startEnabled");
    private final ReadOnlyObjectWrapper<CardAction> action = new ReadOnlyObjectWrapper<>(this, "action", CardAction.NONE);
    private final ReadOnlyStringWrapper controlDisabledReason = new ReadOnlyStringWrapper(this, "controlDisabledReason", "");
    private final ReadOnlyListWrapper<ControlStep> steps = new ReadOnlyListWrapper<>(this, "steps", FXCollections.observableArrayList());
    private final ReadOnlyBooleanWrapper cancellable = new ReadOnlyBooleanWrapper(this, "cancellable");
    private final ReadOnlyStringWrapper actionMessage = new ReadOnlyStringWrapper(this, "actionMessage", "");

    private Long describedPid;
    private volatile AtomicBoolean cancelFlag = new AtomicBoolean();

    public RoleCardModel(Role role, PanelContext context, Runnable requestRefresh) {
        this.role = role;
        this.context = context;
        this.requestRefresh = requestRefresh;
        recompute();
    }

    // Properties //

    public Role role() {
        return role;
    }

    public ReadOnlyObjectProperty<RoleSnapshot> snapshotProperty() {
        return snapshot.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Verdict> verdictProperty() {
        return verdict.getReadOnlyProperty();
    }

    /** The lock holder as the OS describes it, once looked up; null before or when unknown. */
    public ReadOnlyObjectProperty<HolderInfo> holderProperty() {
        return holder.getReadOnlyProperty();
    }

    /** "looking up PID 4242…", "PID 4242 is not visible", or "" when described or nothing to describe. */
    public ReadOnlyStringProperty holderStatusProperty() {
        return holderStatus.getReadOnlyProperty();
    }

    /** Non-empty when the lock holder differs from the recorded PID. */
    public ReadOnlyStringProperty holderWarningProperty() {
        return holderWarning.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty retractEnabledProperty() {
        return retractEnabled.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty retractDisabledReasonProperty() {
        return retractDisabledReason.getReadOnlyProperty();
    }

    /** The preview shown before a retract is confirmed; null when none is open. */
    public ReadOnlyObjectProperty<RetractPreview> retractPreviewProperty() {
        return retractPreview.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty stopEnabledProperty() {
        return stopEnabled.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty restartEnabledProperty() {
        return restartEnabled.getReadOnlyProperty();
    }

    /** Start: there is no owner, so Restart would be the wrong word. */
    public ReadOnlyBooleanProperty startEnabledProperty() {
        return startEnabled.getReadOnlyProperty();
    }

    /** The one thing that fixes or controls the role now, which the card leads with. */
    public ReadOnlyObjectProperty<CardAction> actionProperty() {
        return action.getReadOnlyProperty();
    }

    /** Why Stop/Restart are disabled ("" when they are not). */
    public ReadOnlyStringProperty controlDisabledReasonProperty() {
        return controlDisabledReason.getReadOnlyProperty();
    }

    /** The steps of the running (or last) stop or restart, as they happened. */
    public ReadOnlyListProperty<ControlStep> stepsProperty() {
        return steps.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty cancellableProperty() {
        return cancellable.getReadOnlyProperty();
    }

    /** The outcome of the last action in plain language. */
    public ReadOnlyStringProperty actionMessageProperty() {
        return actionMessage.getReadOnlyProperty();
    }

    /** How long Stop and Restart wait for the owner before forcing it. */
    public java.time.Duration controlTimeout() {
        return context.controlTimeout();
    }

    // Refresh //

    /** Applies a refresh result; call on the UI executor. */
    public void apply(RoleSnapshot next) {
        if (next.equals(snapshot.get())) {
            // Nothing changed: no property fires, so an idle panel re-lays-out nothing.
            return;
        }
        snapshot.set(next);
        RoleReport report = next.report();
        verdict.set(report.verdict());
        HostRecord record = report.record().recordOrNull();
        Long holderPid = report.lock().holderPid();
        holderWarning.set(record != null && holderPid != null && holderPid != record.pid()
                ? "The lock holder PID " + holderPid + " is not the recorded PID " + record.pid() : "");
        if (retractPreview.get() != null && !report.retractable()) {
            retractPreview.set(null);
        }
        describeHolder(holderPid);
        recompute();
    }

    private void describeHolder(Long pid) {
        if (Objects.equals(pid, describedPid)) {
            return;
        }
        describedPid = pid;
        holder.set(null);
        if (pid == null) {
            holderStatus.set("");
            return;
        }
        holderStatus.set("looking up PID " + pid + "…");
        context.background().execute(() -> {
            var found = context.describer().describe(pid);
            context.ui().execute(() -> {
                if (Objects.equals(pid, describedPid)) {
                    holder.set(found.orElse(null));
                    holderStatus.set(found.isPresent() ? "" : "PID " + pid + " is not visible to this user");
                }
            });
        });
    }

    private void recompute() {
        RoleSnapshot current = snapshot.get();
        boolean idle = !busy.get();
        retractEnabled.set(idle && current != null && current.report().retractable());
        String why = current == null ? "Not inspected yet" : current.retractDisabledReason();
        retractDisabledReason.set(why == null ? "" : why);
        OwnerControl control = context.ownerControl();
        Verdict now = verdict.get();
        boolean known = control != null && now != null;
        // The runtime stops an UNPROVABLE owner only when its liveness is proven (a deleted lock file);
        // a STARTING holder has published nothing to stop yet.
        boolean controllable = now == Verdict.LIVE
                || (now == Verdict.UNPROVABLE && current != null && current.report().liveness().proven());
        stopEnabled.set(idle && known && controllable);
        restartEnabled.set(idle && known && controllable);
        startEnabled.set(idle && known && now == Verdict.NO_OWNER);
        action.set(CardAction.of(now, controllable, current != null && current.report().retractable()));
        if (control == null) {
            controlDisabledReason.set("Stop and Restart are unavailable: this panel was started read-only, without owner control");
        } else if (now == null) {
            controlDisabledReason.set("Not inspected yet");
        } else if (now == Verdict.STARTING) {
            controlDisabledReason.set("The owner is still starting: nothing to stop until it publishes its record");
        } else if (!controllable && idle && now != Verdict.UNUSABLE) {
            controlDisabledReason.set("Stop needs an owner: the role is " + now);
        } else {
            controlDisabledReason.set("");
        }
    }

    // Retract //

    /** Opens the preview: the exact files and the proof. Does nothing unless the core says retractable. */
    public void previewRetract() {
        RoleSnapshot current = snapshot.get();
        if (current == null || !retractEnabled.get()) {
            return;
        }
        RoleReport report = current.report();
        List<String> proof = new ArrayList<>();
        for (Reason reason : report.reasons()) {
            proof.add(reason.code() + ": " + reason.message());
        }
        for (Check check : report.checks()) {
            if (check.result() == CheckResult.FAIL) {
                proof.add(check.name() + " FAIL: " + check.evidence());
            }
        }
        retractPreview.set(new RetractPreview(report.retractPaths(), proof));
    }

    public void cancelRetract() {
        retractPreview.set(null);
    }

    /** Retracts through the core (race-safe: it re-checks under the host lock), then refreshes. */
    public void confirmRetract() {
        if (retractPreview.get() == null || busy.get()) {
            return;
        }
        retractPreview.set(null);
        busy.set(true);
        actionMessage.set("Retracting…");
        recompute();
        context.background().execute(() -> {
            RetractResult result = context.rendezvous().retractor().retract(role, false);
            context.ui().execute(() -> {
                busy.set(false);
                actionMessage.set(describe(result));
                recompute();
                requestRefresh.run();
            });
        });
    }

    static String describe(RetractResult result) {
        return switch (result.outcome()) {
            case REMOVED -> "Removed " + result.removed().stream().map(Path::getFileName).map(Path::toString)
                    .collect(Collectors.joining(", "));
            case NOTHING -> "Nothing to retract";
            default -> "Refused: " + (result.refused() == null ? result.outcome().name() : result.refused().message());
        };
    }

    // Stop and restart //

    public void stop() {
        OwnerControl control = context.ownerControl();
        if (control != null && stopEnabled.get()) {
            runControl("Stopping", (progress, cancelled) ->
                    control.stop(role, context.controlTimeout(), true, progress, cancelled));
        }
    }

    /** Launches an owner where there is none: the runtime's restart, which skips the stop. */
    public void start() {
        OwnerControl control = context.ownerControl();
        if (control != null && startEnabled.get()) {
            runControl("Starting", (progress, cancelled) ->
                    control.restart(role, context.controlTimeout(), progress, cancelled));
        }
    }

    public void restart() {
        OwnerControl control = context.ownerControl();
        if (control != null && restartEnabled.get()) {
            runControl("Restarting", (progress, cancelled) ->
                    control.restart(role, context.controlTimeout(), progress, cancelled));
        }
    }

    /** Asks the running stop or restart to give up; the runtime polls the flag. */
    public void cancel() {
        if (cancellable.get()) {
            cancelFlag.set(true);
            cancellable.set(false);
            actionMessage.set("Cancelling…");
        }
    }

    @FunctionalInterface
    private interface ControlCall {
        ControlResult run(java.util.function.Consumer<ControlStep> progress, java.util.function.BooleanSupplier cancelled);
    }

    private void runControl(String doing, ControlCall call) {
        AtomicBoolean flag = new AtomicBoolean();
        cancelFlag = flag;
        busy.set(true);
        cancellable.set(true);
        steps.clear();
        actionMessage.set(doing + " " + role + "…");
        recompute();
        context.background().execute(() -> {
            ControlResult result;
            try {
                result = call.run(step -> context.ui().execute(() -> steps.add(step)), flag::get);
            } catch (RuntimeException failed) {
                result = new ControlResult(ControlResult.Outcome.FAILED, "The action failed: " + failed.getMessage(), null, null);
            }
            ControlResult outcome = result;
            context.ui().execute(() -> {
                busy.set(false);
                cancellable.set(false);
                actionMessage.set(outcome.outcome() + ": " + outcome.message());
                recompute();
                requestRefresh.run();
            });
        });
    }
}
