package dev.hostwarden.actions;

import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.ControlStep;
import java.util.function.Consumer;

/**
 * Records what a stop, start or restart does to the role's owners as it happens (stop requested,
 * stopped, retracted), so the history keeps the order of events, and the new owner at the end. The
 * old owner is the one the record names when the action begins.
 */
final class StepHistory {
    private final OwnershipHistory history;
    private final Actor actor;
    private final Role role;
    private final HostRecord oldOwner;
    private volatile boolean launched;
    private volatile boolean escalated;
    private volatile boolean markerWritten;
    private volatile boolean signalled;

    StepHistory(OwnershipHistory history, Actor actor, Role role, HostRecord oldOwner) {
        this.history = history;
        this.actor = actor;
        this.role = role;
        this.oldOwner = oldOwner;
    }

    /** {@code progress} with the history written before each step is passed on. */
    Consumer<ControlStep> watching(Consumer<ControlStep> progress) {
        return step -> {
            record(step);
            progress.accept(step);
        };
    }

    private void record(ControlStep step) {
        switch (step.kind()) {
            case LAUNCHED -> launched = true;
            case ESCALATED -> escalated = true;
            case SIGNALLED -> signalled = true;
            default -> {
            }
        }
        if (launched || oldOwner == null) {
            return;
        }
        switch (step.kind()) {
            case MARKER_WRITTEN -> {
                markerWritten = true;
                history.stopRequested(oldOwner, actor);
            }
            case EXITED -> history.stopped(oldOwner, null, actor, escalated);
            case RETRACTED -> history.retracted(role, oldOwner.pid(), actor);
            default -> {
            }
        }
    }

    boolean markerWritten() {
        return markerWritten;
    }

    boolean signalled() {
        return signalled;
    }

    HostRecord oldOwner() {
        return oldOwner;
    }

    /** The action's end: a new owner, or a stop taken back. */
    void finished(ControlResult result, boolean stopWithdrawn) {
        switch (result.outcome()) {
            case RESTARTED -> history.restarted(role, result.oldPid(), result.newPid(), actor);
            case STARTED -> history.launched(role, result.newPid(), actor);
            case CANCELLED -> {
                if (stopWithdrawn && oldOwner != null) {
                    history.stopCancelled(role, oldOwner.pid(), actor);
                }
            }
            default -> {
            }
        }
    }
}
