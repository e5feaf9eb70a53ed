package dev.hostwarden.panel.model;

import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.actions.Outcome;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.proof.Check;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.KnownSecrets;
import dev.hostwarden.report.Redactor;
import dev.hostwarden.runtime.ControlStep;
import dev.hostwarden.runtime.RoleLog;
import dev.hostwarden.supervise.KeepRunningStore;
import dev.hostwarden.supervise.SupervisionRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * The view-model of one role's card. State is exposed as read-only properties and changes only on
 * the context's UI executor; every core call (retract, stop, restart, process lookup) runs on the
 * background executor. Commands are plain methods, so tests drive it without a robot.
 */
public final class RoleCardModel {
    private final Role role;
    private final PanelContext context;

    private final ReadOnlyObjectWrapper<RoleSnapshot> snapshot = new ReadOnlyObjectWrapper<>(this, "snapshot");
    private final ReadOnlyObjectWrapper<Verdict> verdict = new ReadOnlyObjectWrapper<>(this, "verdict");
    private final ReadOnlyObjectWrapper<HolderInfo> holder = new ReadOnlyObjectWrapper<>(this, "holder");
    private final ReadOnlyStringWrapper holderStatus = new ReadOnlyStringWrapper(this, "holderStatus", "");
    private final ReadOnlyStringWrapper holderWarning = new ReadOnlyStringWrapper(this, "holderWarning", "");
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

    private final CardActivity activity;
    private final KeepRunning keepRunning;
    private volatile Redactor shownRedactor;
    private Long describedPid;
    /** The record of the owner last seen live: Start and Restart serve its profiles again, also after a separate Stop. */
    private HostRecord lastServed;

    public RoleCardModel(Role role, PanelContext context, Runnable requestRefresh) {
        this.role = role;
        this.context = context;
        this.activity = new CardActivity(role, context, this::recompute, requestRefresh);
        this.keepRunning = new KeepRunning(role, context, new KeepRunningStore(Environment.system().stateHome().resolve("hostwarden")));
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
        return activity.busy.getReadOnlyProperty();
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
        return activity.steps.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty cancellableProperty() {
        return activity.cancellable.getReadOnlyProperty();
    }

    /** "Force stop now" is possible: a stop is waiting for the owner to exit. */
    public ReadOnlyBooleanProperty forcibleProperty() {
        return activity.forcible.getReadOnlyProperty();
    }

    /** The running action in one line that updates in place ("" when none runs). */
    public ReadOnlyStringProperty progressProperty() {
        return activity.progress.getReadOnlyProperty();
    }

    /** The record of the owner last seen live, or null. */
    public HostRecord lastServed() {
        return lastServed;
    }

    /** The outcome of the last action in plain language (its own words), until the role's state moves on. */
    public ReadOnlyStringProperty actionMessageProperty() {
        return activity.message.getReadOnlyProperty();
    }

    /** "Keep running" as the user set it: this panel supervises the role, or shows who else does. */
    public ReadOnlyBooleanProperty keepRunningProperty() {
        return keepRunning.on.getReadOnlyProperty();
    }

    /** Whoever keeps the role running now (this panel or another supervisor) and what it does; null when nobody does. */
    public ReadOnlyObjectProperty<SupervisionRecord> supervisionProperty() {
        return keepRunning.supervision.getReadOnlyProperty();
    }

    /** Why "Keep running" cannot act ("" when it can). */
    public ReadOnlyStringProperty keepRunningProblemProperty() {
        return keepRunning.problem.getReadOnlyProperty();
    }

    /** Turns "Keep running" on or off, remembered for this user and rendezvous directory. */
    public void setKeepRunning(boolean on) {
        keepRunning.set(on);
    }

    /** Whether "Keep running" can act here: it starts owners, so a read-only panel cannot. */
    public boolean canKeepRunning() {
        return context.actions().controlsOwners();
    }

    /** Whether this panel is the role's supervisor now (not only showing another one). */
    public boolean supervisesHere() {
        return keepRunning.supervisesHere();
    }

    /**
     * The logs the card's "Log…" opens, first the output of the owners Hostwarden launched for the role,
     * then hermes' own gateway log in the role's home when there is one.
     */
    public List<LogSource> logSources() {
        List<LogSource> sources = new ArrayList<>();
        sources.add(new LogSource("Owners Hostwarden started", RoleLog.of(Environment.system().stateHome(), role).file()));
        RoleSnapshot current = snapshot.get();
        HostRecord record = current == null ? null : current.report().record().recordOrNull();
        if (record == null) {
            record = lastServed;
        }
        Path home = record != null && !record.home().isEmpty() ? Path.of(record.home()) : context.hermesRoot();
        Path hermesLog = home.resolve("logs").resolve("gateway.log");
        if (Files.isRegularFile(hermesLog)) {
            sources.add(new LogSource("hermes' gateway log", hermesLog));
        }
        return sources;
    }

    /** A log a card can show: its name and file. */
    public record LogSource(String name, Path file) {
    }

    /** What may not appear in a shown log line: the secrets this user's files and environment hold. */
    public Redactor logRedactor() {
        return KnownSecrets.redactor(context.rendezvous(), Environment.system(), context.hermesRoot());
    }

    /** Redacts what the card shows of a platform's messages (built once, at its first use). */
    public Redactor redactor() {
        Redactor built = shownRedactor;
        if (built == null) {
            built = Redactor.deferred(this::logRedactor);
            shownRedactor = built;
        }
        return built;
    }

    KeepRunning keepRunning() {
        return keepRunning;
    }

    /** The last action's outcome as the action returned it; null before any, or when it failed unexpectedly. */
    public ReadOnlyObjectProperty<Outcome> outcomeProperty() {
        return activity.outcome.getReadOnlyProperty();
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
        if (next.equals(snapshot.get())) {
            // Nothing changed: no property fires, so an idle panel re-lays-out nothing.
            return;
        }
        snapshot.set(next);
        fleetLine.set(next.fleetLine());
        RoleReport report = next.report();
        verdict.set(report.verdict());
        activity.seen(report, begun);
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
        boolean idle = activity.idle();
        retractEnabled.set(idle && current != null && current.report().retractable());
        String why = current == null ? "Not inspected yet" : current.retractDisabledReason();
        retractDisabledReason.set(why == null ? "" : why);
        boolean controls = context.actions().controlsOwners();
        Verdict now = verdict.get();
        boolean known = controls && now != null;
        // The runtime stops an UNPROVABLE owner only when its liveness is proven (a deleted lock file);
        // a STARTING holder has published nothing to stop yet.
        boolean controllable = now == Verdict.LIVE
                || (now == Verdict.UNPROVABLE && current != null && current.report().liveness().proven());
        stopEnabled.set(idle && known && controllable);
        restartEnabled.set(idle && known && controllable);
        startEnabled.set(idle && known && now == Verdict.NO_OWNER);
        action.set(CardAction.of(now, controllable, current != null && current.report().retractable()));
        if (!controls) {
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

    /** Retracts through the retract action (race-safe: the core re-checks under the host lock), then refreshes. */
    public void confirmRetract() {
        if (retractPreview.get() == null || !activity.idle()) {
            return;
        }
        retractPreview.set(null);
        activity.run("Retracting…", () -> context.actions().retract(role, false));
    }

    // Start, stop and restart //

    public void stop() {
        if (stopEnabled.get()) {
            activity.runControl("Stopping", true, request -> context.actions().stop(role, request));
        }
    }

    /** Launches an owner where there is none, serving what the role last served. */
    public void start() {
        if (startEnabled.get()) {
            HostRecord served = lastServed;
            activity.runControl("Starting", false, request -> context.actions().start(role, withServed(request, served)));
        }
    }

    public void restart() {
        if (restartEnabled.get()) {
            HostRecord served = lastServed;
            activity.runControl("Restarting", true, request -> context.actions().restart(role, withServed(request, served)));
        }
    }

    private static ControlRequest withServed(ControlRequest request, HostRecord served) {
        return new ControlRequest(request.timeout(), request.escalate(), served, request.progress(), request.cancel(), request.forceNow());
    }

    /**
     * Gives up the running action. While the owner has not acted, its planned-stop marker is taken
     * back, so it does not stop later after all; the outcome says so, and says plainly when SIGTERM
     * had already gone out.
     */
    public void cancel() {
        activity.cancel();
    }

    /** Stops waiting for a draining owner and forces it to end now (after re-proving it is that owner). */
    public void forceStop() {
        activity.forceStop();
    }
}
