package dev.hostwarden.panel.model;

import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.proof.Check;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.ControlStep;
import dev.hostwarden.runtime.OwnerControl;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
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
    private final ReadOnlyStringWrapper history = new ReadOnlyStringWrapper(this, "history", "");
    private final ReadOnlyStringWrapper fleetLine = new ReadOnlyStringWrapper(this, "fleetLine", "");
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
    private final ReadOnlyBooleanWrapper forcible = new ReadOnlyBooleanWrapper(this, "forcible");
    private final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper(this, "progress", "");
    private final ReadOnlyStringWrapper actionMessage = new ReadOnlyStringWrapper(this, "actionMessage", "");

    private Long describedPid;
    private volatile AtomicBoolean cancelFlag = new AtomicBoolean();
    private volatile boolean forceRequested;
    /** The record of the owner last seen live: Start and Restart serve its profiles again, also after a separate Stop. */
    private HostRecord lastServed;
    /** The verdict the last action's message describes; a later change of verdict makes the message history. */
    private Verdict messageVerdict;
    private boolean messagePending;
    /**
     * {@link System#nanoTime()} when the last action's outcome was known. A refresh that began before
     * it saw the world mid-action (an owner still dying, a record not yet retracted) and, landing
     * after the outcome, must neither settle nor clear the outcome's message.
     */
    private volatile long outcomeAt = System.nanoTime();

    /** Where a retract from this card is recorded, as {@code hostwarden retract} records it; null: nowhere (tests). */
    private volatile OwnershipHistory historyRecorder;

    void recordHistory(OwnershipHistory value) {
        historyRecorder = value;
    }

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

    /** "1 restart in the last 24 h · last exit: …" from the ownership history, or "" when the panel keeps none. */
    public ReadOnlyStringProperty historyProperty() {
        return history.getReadOnlyProperty();
    }

    /** "Fleet: STATE key · holder · revision · time left" when a fleet is configured; "" otherwise. */
    public ReadOnlyStringProperty fleetLineProperty() {
        return fleetLine.getReadOnlyProperty();
    }

    void applyHistory(String line) {
        history.set(line);
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

    /** "Force stop now" is possible: a stop is waiting for the owner to exit. */
    public ReadOnlyBooleanProperty forcibleProperty() {
        return forcible.getReadOnlyProperty();
    }

    /** The running action in one line that updates in place ("" when none runs). */
    public ReadOnlyStringProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The record of the owner last seen live, or null. */
    public HostRecord lastServed() {
        return lastServed;
    }

    /** The outcome of the last action in plain language. */
    public ReadOnlyStringProperty actionMessageProperty() {
        return actionMessage.getReadOnlyProperty();
    }

    /** How long Stop and Restart wait for the owner before forcing it. */
    public Duration controlTimeout() {
        return context.controlTimeout();
    }

    // Refresh //

    /** Applies a refresh result begun now; call on the UI executor. */
    public void apply(RoleSnapshot next) {
        apply(next, System.nanoTime());
    }

    /** Applies a refresh result whose inspection began at {@code begun} ({@link System#nanoTime()}); call on the UI executor. */
    public void apply(RoleSnapshot next, long begun) {
        boolean seesOutcome = begun - outcomeAt >= 0;
        if (next.equals(snapshot.get())) {
            // Nothing changed: no property fires, so an idle panel re-lays-out nothing.
            return;
        }
        snapshot.set(next);
        fleetLine.set(next.fleetLine());
        RoleReport report = next.report();
        verdict.set(report.verdict());
        if (!seesOutcome || busy.get()) {
            // Begun before the outcome (or during an action): it says nothing about the message.
        } else if (messagePending) {
            // The first settled refresh after an action shows the state the message speaks of. Not
            // settled: STALE (the owner died, and a retract may still be on its way) and an owner still
            // exiting (a forcibly stopped JVM reads as exited while its last threads still hold the
            // host lock: UNPROVABLE with OWNER_EXITING, then STALE a moment later). Settling on that
            // moment made the next refresh clear "STOPPED" as out of date.
            if (report.verdict() != Verdict.STALE && !report.hasReason(ReasonCode.OWNER_EXITING)) {
                messagePending = false;
                messageVerdict = report.verdict();
            }
        } else if (messageVerdict != null && messageVerdict != report.verdict()) {
            // The state moved on since: an old outcome would mislead.
            messageVerdict = null;
            actionMessage.set("");
        }
        HostRecord record = report.record().recordOrNull();
        if (record != null && report.verdict() == Verdict.LIVE) {
            lastServed = record;
        }
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
            // Read before: the retract removes the record that names the dead owner.
            var dead = context.rendezvous().read(role).recordOrNull();
            RetractResult result = context.rendezvous().retractor().retract(role, false);
            var recorder = historyRecorder;
            if (recorder != null && result.removedSomething()) {
                recorder.retracted(role, dead == null ? null : dead.pid());
            }
            outcomeAt = System.nanoTime();
            context.ui().execute(() -> {
                busy.set(false);
                actionMessage.set(describe(result));
                messagePending = true;
                messageVerdict = verdict.get();
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

    /** What a control action is, for what Cancel and "Force stop now" do in it. */
    private enum Control {
        STOP, RESTART, START
    }

    public void stop() {
        if (context.ownerControl() != null && stopEnabled.get()) {
            runControl(Control.STOP);
        }
    }

    /** Launches an owner where there is none (the runtime's restart, which then has nothing to stop), serving what the role last served. */
    public void start() {
        if (context.ownerControl() != null && startEnabled.get()) {
            runControl(Control.START);
        }
    }

    public void restart() {
        if (context.ownerControl() != null && restartEnabled.get()) {
            runControl(Control.RESTART);
        }
    }

    /**
     * Gives up the running action. While the owner has not acted, its planned-stop marker is taken
     * back, so it does not stop later after all; the outcome says so, and says plainly when SIGTERM
     * had already gone out.
     */
    public void cancel() {
        if (cancellable.get()) {
            cancelFlag.set(true);
            cancellable.set(false);
            forcible.set(false);
            actionMessage.set("Cancelling…");
        }
    }

    /** Stops waiting for a draining owner and forces it to end now (after re-proving it is that owner). */
    public void forceStop() {
        if (forcible.get()) {
            forceRequested = true;
            cancelFlag.set(true);
            cancellable.set(false);
            forcible.set(false);
            actionMessage.set("Forcing the owner to end…");
        }
    }

    private void runControl(Control kind) {
        OwnerControl control = context.ownerControl();
        AtomicBoolean flag = new AtomicBoolean();
        cancelFlag = flag;
        forceRequested = false;
        RoleSnapshot current = snapshot.get();
        HostRecord owner = current == null ? null : current.report().record().recordOrNull();
        HostRecord served = lastServed;
        Duration timeout = context.controlTimeout();
        busy.set(true);
        cancellable.set(true);
        forcible.set(kind != Control.START);
        steps.clear();
        String doing = switch (kind) {
            case STOP -> "Stopping";
            case RESTART -> "Restarting";
            case START -> "Starting";
        };
        progress.set(doing + " " + role + "…");
        actionMessage.set("");
        recompute();
        AtomicBoolean sigterm = new AtomicBoolean();
        AtomicBoolean marked = new AtomicBoolean();
        Consumer<ControlStep> onStep = step -> {
            sigterm.compareAndSet(false, step.kind() == ControlStep.Kind.SIGNALLED);
            marked.compareAndSet(false, step.kind() == ControlStep.Kind.MARKER_WRITTEN);
            context.ui().execute(() -> showStep(step, doing, timeout));
        };
        context.background().execute(() -> {
            String outcomeText;
            try {
                ControlResult result = kind == Control.STOP ? control.stop(role, timeout, true, onStep, flag::get)
                        : control.restart(role, timeout, served, onStep, flag::get);
                if (result.outcome() == ControlResult.Outcome.CANCELLED && forceRequested) {
                    ControlResult forced = control.stop(role, Duration.ZERO, true, onStep, () -> false);
                    result = kind == Control.RESTART && forced.outcome() == ControlResult.Outcome.STOPPED
                            ? control.restart(role, timeout, served, onStep, () -> false) : forced;
                    outcomeText = result.outcome() + ": " + result.message();
                } else if (result.outcome() == ControlResult.Outcome.CANCELLED && owner != null && kind != Control.START) {
                    outcomeText = marked.get() || sigterm.get() ? cancelled(owner, sigterm.get())
                            : "CANCELLED: nothing had been sent to PID " + owner.pid() + " yet; it keeps running.";
                } else {
                    outcomeText = result.outcome() + ": " + result.message();
                }
            } catch (RuntimeException failed) {
                outcomeText = "FAILED: the action failed: " + failed.getMessage();
            }
            String shown = outcomeText;
            outcomeAt = System.nanoTime();
            context.ui().execute(() -> {
                busy.set(false);
                cancellable.set(false);
                forcible.set(false);
                progress.set("");
                actionMessage.set(shown);
                messagePending = true;
                messageVerdict = verdict.get();
                recompute();
                requestRefresh.run();
            });
        });
    }

    /** One line that updates in place: what runs, elapsed against the timeout, the latest step. */
    private void showStep(ControlStep step, String doing, Duration timeout) {
        steps.add(step);
        progress.set(doing + " " + role + " · " + step.elapsed().toSeconds() + " s of " + timeout.toSeconds() + " s · " + step.message());
        if (step.kind() == ControlStep.Kind.EXITED || step.kind() == ControlStep.Kind.ESCALATED || step.kind() == ControlStep.Kind.LAUNCHED) {
            forcible.set(false);
        }
    }

    /** The plain sentence for a cancelled stop: whether the marker was taken back, and whether SIGTERM had gone out. */
    private static String cancelled(HostRecord owner, boolean signalled) {
        long pid = owner.pid();
        String sigterm = signalled ? ", but SIGTERM had already been sent to PID " + pid + ", so it may still exit." : "; PID " + pid + " keeps running.";
        return switch (MarkerWithdrawal.withdraw(owner)) {
            case WITHDRAWN -> "CANCELLED: the planned-stop marker was withdrawn" + sigterm;
            case ALREADY_TAKEN -> "CANCELLED too late: PID " + pid + " had already taken the planned-stop marker and is stopping.";
            case NOT_OURS -> "CANCELLED: the planned-stop marker there now is not the one this panel wrote and was left alone"
                    + (signalled ? "; SIGTERM had already been sent to PID " + pid + ", so it may still exit." : ".");
            case FAILED -> "CANCELLED, but the planned-stop marker could not be withdrawn: PID " + pid + " may still stop.";
        };
    }
}
