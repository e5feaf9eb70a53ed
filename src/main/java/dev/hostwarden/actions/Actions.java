package dev.hostwarden.actions;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.profiles.MarkerClearance;
import dev.hostwarden.core.profiles.MarkerView;
import dev.hostwarden.core.profiles.ProfileRescan;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.OwnerControl;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Every action on a role, in one place: start, stop, restart (with Cancel and "Force stop now"),
 * retract, clear an expired marker, rescan profiles. Each does its work through the core and the
 * runtime, records what happened in the ownership history as done by its {@link Actor}, and returns an
 * {@link Outcome} with its own words. The command line, the panel's cards, tray menu, Doctor and
 * Profiles views and the notifications' buttons only call these; none of them writes history or words
 * an outcome itself.
 */
public final class Actions {
    private final HostRendezvous rendezvous;
    private final OwnerControl control;
    private final OwnershipHistory history;
    private final Actor actor;

    /**
     * @param control  how owners are stopped and launched; null where this caller may only retract and fix
     *                 (a read-only panel): start, stop and restart then refuse
     * @param history  where what happened is recorded
     * @param actor    who acts, as the history names it
     */
    public Actions(HostRendezvous rendezvous, OwnerControl control, OwnershipHistory history, Actor actor) {
        this.rendezvous = rendezvous;
        this.control = control;
        this.history = history;
        this.actor = actor;
    }

    public HostRendezvous rendezvous() {
        return rendezvous;
    }

    /** Whether start, stop and restart can run (an owner control is present). */
    public boolean controlsOwners() {
        return control != null;
    }

    public Actor actor() {
        return actor;
    }

    // Owners //

    /** Launches an owner where none runs and waits until it is proven live; a live owner is left alone. */
    public ControlOutcome start(Role role, ControlRequest request) {
        StepHistory steps = steps(role);
        ControlResult result = control.start(role, request.timeout(), request.lastServed(), steps.watching(request.progress()),
                request::stopWaiting);
        steps.finished(result, false);
        return ControlOutcome.of(ActionKind.START, result);
    }

    /**
     * A supervisor's start: as {@link #start}, recorded as attempt {@code attempt} of a supervised start
     * that replaces the owner {@code replaced} (null: none), not as a start by hand.
     */
    public ControlOutcome supervisedStart(Role role, ControlRequest request, int attempt, Long replaced) {
        StepHistory steps = steps(role);
        ControlResult result = control.start(role, request.timeout(), request.lastServed(), steps.watching(request.progress()),
                request::stopWaiting);
        if (result.outcome() == ControlResult.Outcome.STARTED) {
            history.supervisedStart(role, result.newPid(), attempt, replaced, actor);
        }
        return ControlOutcome.of(ActionKind.START, result);
    }

    /**
     * Stops the role's live owner. A Cancel while it drains takes the planned-stop marker back where the
     * owner has not taken it yet, and says whether SIGTERM had already gone out; "Force stop now" ends
     * the wait and forces the owner at once (after re-proving it).
     */
    public ControlOutcome stop(Role role, ControlRequest request) {
        StepHistory steps = steps(role);
        ControlResult result = control.stop(role, request.timeout(), request.escalate(), steps.watching(request.progress()),
                request::stopWaiting);
        if (result.outcome() == ControlResult.Outcome.CANCELLED && request.forceNow().getAsBoolean()) {
            result = control.stop(role, Duration.ZERO, true, steps.watching(request.progress()), () -> false);
        } else if (result.outcome() == ControlResult.Outcome.CANCELLED) {
            return cancelled(ActionKind.STOP, result, steps);
        }
        steps.finished(result, false);
        return ControlOutcome.of(ActionKind.STOP, result);
    }

    /** Stops the owner, retracts, launches the configured command and waits until a new owner is proven live. */
    public ControlOutcome restart(Role role, ControlRequest request) {
        StepHistory steps = steps(role);
        ControlResult result = control.restart(role, request.timeout(), request.lastServed(), steps.watching(request.progress()),
                request::stopWaiting);
        if (result.outcome() == ControlResult.Outcome.CANCELLED && request.forceNow().getAsBoolean()) {
            ControlResult forced = control.stop(role, Duration.ZERO, true, steps.watching(request.progress()), () -> false);
            result = forced.outcome() == ControlResult.Outcome.STOPPED || forced.outcome() == ControlResult.Outcome.NO_LIVE_OWNER
                    ? control.restart(role, request.timeout(), request.lastServed(), steps.watching(request.progress()), () -> false)
                    : forced;
        } else if (result.outcome() == ControlResult.Outcome.CANCELLED) {
            return cancelled(ActionKind.RESTART, result, steps);
        }
        steps.finished(result, false);
        return ControlOutcome.of(ActionKind.RESTART, result);
    }

    private StepHistory steps(Role role) {
        if (control == null) {
            throw new IllegalStateException("this caller controls no owners (read-only)");
        }
        return new StepHistory(history, actor, role, rendezvous.readRecord(role, true));
    }

    /** A Cancel: the planned-stop marker taken back where the owner has not acted, in plain words. */
    private ControlOutcome cancelled(ActionKind action, ControlResult result, StepHistory steps) {
        HostRecord owner = steps.oldOwner();
        if (owner == null || (!steps.markerWritten() && !steps.signalled())) {
            steps.finished(result, false);
            String words = owner == null ? result.message() : "nothing had been sent to PID " + owner.pid() + " yet; it keeps running.";
            return new ControlOutcome(action, result, words);
        }
        long pid = owner.pid();
        boolean signalled = steps.signalled();
        String sigterm = signalled ? ", but SIGTERM had already been sent to PID " + pid + ", so it may still exit." : "; PID " + pid + " keeps running.";
        MarkerWithdrawal.Outcome withdrawal = MarkerWithdrawal.withdraw(owner);
        String words = switch (withdrawal) {
            case WITHDRAWN -> "the planned-stop marker was withdrawn" + sigterm;
            case ALREADY_TAKEN -> "too late: PID " + pid + " had already taken the planned-stop marker and is stopping.";
            case NOT_OURS -> "the planned-stop marker there now is not the one this process wrote and was left alone"
                    + (signalled ? "; SIGTERM had already been sent to PID " + pid + ", so it may still exit." : ".");
            case FAILED -> "the planned-stop marker could not be withdrawn: PID " + pid + " may still stop.";
        };
        steps.finished(result, withdrawal == MarkerWithdrawal.Outcome.WITHDRAWN && !signalled);
        return new ControlOutcome(action, result, words);
    }

    // Records and markers //

    /** Removes a dead owner's record and token, race-safely (the core re-checks under the host lock). */
    public RetractOutcome retract(Role role, boolean dryRun) {
        // Read before: the retract removes the record that names the dead owner.
        HostRecord dead = dryRun ? null : rendezvous.read(role).recordOrNull();
        RetractResult result = rendezvous.retractor().retract(role, dryRun);
        if (result.removedSomething()) {
            history.retracted(role, dead == null ? null : dead.pid(), actor);
        }
        return new RetractOutcome(result);
    }

    /** Removes a home's planned-stop marker only when it is (still) past its TTL or names a process that is gone. */
    public MarkerOutcome clearMarker(Path home, boolean dryRun) {
        MarkerView marker = MarkerView.of(home, rendezvous.inspector());
        MarkerClearance.Result result = MarkerClearance.clear(home, rendezvous.inspector(), dryRun);
        if (result.outcome() == MarkerClearance.Outcome.CLEARED) {
            history.markerCleared(home, marker == null || marker.contents() == null ? null : marker.contents().targetPid(), actor);
        }
        return new MarkerOutcome(result);
    }

    /** Asks the live gateway owner of {@code root} to re-read its profiles, with the served set before and after. */
    public RescanOutcome rescanProfiles(Path root, Duration identifyTimeout) {
        ProfileRescan.Result result = ProfileRescan.run(rendezvous, root, identifyTimeout, ProfileRescan.RESCAN_TIMEOUT);
        if (result.outcome() == ProfileRescan.Outcome.ANSWERED) {
            history.rescanned(result.owner().pid(), result.after(), actor);
        }
        return new RescanOutcome(result);
    }
}
