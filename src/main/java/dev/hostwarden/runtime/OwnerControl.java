package dev.hostwarden.runtime;

import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Stop and restart a role's owner gracefully, on every platform (the planned-stop marker first,
 * SIGTERM too on POSIX, escalation only after re-proving the incarnation). The command line's
 * {@code stop}/{@code restart} and the panel's buttons both call this.
 */
public interface OwnerControl {

    /**
     * Stops the role's live owner. Progress is reported step by step; {@code cancelled} is polled while
     * waiting. UNUSABLE, signalling nobody, when the rendezvous directory hides the owner.
     */
    ControlResult stop(Role role, Duration timeout, boolean escalate, Consumer<ControlStep> progress, BooleanSupplier cancelled);

    /**
     * Stop, retract, launch the configured command, wait until a new owner is proven live. REFUSED,
     * before anything is stopped, when the replacement cannot start; UNUSABLE when the rendezvous
     * directory hides the owner.
     */
    ControlResult restart(Role role, Duration timeout, Consumer<ControlStep> progress, BooleanSupplier cancelled);

    /**
     * Restart (or start, where no owner runs), launching with what {@code lastServed} served when the
     * role has no record any more, as after a separate stop. The panel remembers that record.
     */
    default ControlResult restart(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress,
                                  BooleanSupplier cancelled) {
        return restart(role, timeout, progress, cancelled);
    }
}
