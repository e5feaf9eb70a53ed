package dev.hostwarden.runtime;

import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * Stop, start and restart a role's owner gracefully, on every platform (the planned-stop marker first,
 * SIGTERM too on POSIX, escalation only after re-proving the incarnation). Progress is reported step
 * by step; {@code cancelled} is polled while waiting. The actions ({@code dev.hostwarden.actions}) call
 * this and record what happened; nothing else does.
 */
public interface OwnerControl {

    /** Stops the role's live owner. UNUSABLE, signalling nobody, when the rendezvous directory hides the owner. */
    ControlResult stop(Role role, Duration timeout, boolean escalate, Consumer<ControlStep> progress, BooleanSupplier cancelled);

    /**
     * Launches the configured command where no owner runs and waits until it is proven live, serving
     * what {@code lastServed} served when the role has no record any more (null: the defaults).
     * ALREADY_LIVE, launching nothing, when an owner is proven live; REFUSED when the launch cannot start.
     */
    ControlResult start(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress, BooleanSupplier cancelled);

    /**
     * Stop, retract, launch the configured command, wait until a new owner is proven live. REFUSED,
     * before anything is stopped, when the replacement cannot start; UNUSABLE when the rendezvous
     * directory hides the owner.
     */
    ControlResult restart(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress, BooleanSupplier cancelled);
}
