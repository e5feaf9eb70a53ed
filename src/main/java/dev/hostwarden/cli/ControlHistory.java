package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.ControlStep;
import java.util.function.Consumer;

/**
 * Records what a {@code stop} or {@code restart} does to the old owner as it happens (stop
 * requested, stopped, retracted), so the history keeps the order of events, and a restart's new
 * owner at the end. The owner is the one the record names when the action begins.
 */
final class ControlHistory {
    private final Role role;
    private final Long oldPid;
    private final OwnershipHistory history;
    private boolean launched;

    ControlHistory(HostRendezvous rendezvous, Role role) {
        this.role = role;
        this.history = OwnershipHistory.forUser(rendezvous.dir().path());
        HostRecord record = rendezvous.read(role).recordOrNull();
        this.oldPid = record == null ? null : record.pid();
    }

    /** The progress consumer with the history written before each step is passed on. */
    Consumer<ControlStep> watching(Consumer<ControlStep> progress) {
        return step -> {
            record(step);
            progress.accept(step);
        };
    }

    private void record(ControlStep step) {
        if (step.kind() == ControlStep.Kind.LAUNCHED) {
            launched = true;
        }
        if (launched || oldPid == null) {
            return;
        }
        switch (step.kind()) {
            case MARKER_WRITTEN -> history.stopRequested(role, oldPid);
            case EXITED -> history.stopped(role, oldPid, null);
            case RETRACTED -> history.retracted(role, oldPid);
            default -> {
            }
        }
    }

    /** The action's end: a restart's new owner. */
    ControlResult finished(ControlResult result) {
        if (result.outcome() == ControlResult.Outcome.RESTARTED && result.newPid() != null) {
            history.restarted(role, result.oldPid(), result.newPid());
        }
        return result;
    }
}
