package dev.hostwarden.actions;

import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.runtime.ControlStep;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * What a stop, start or restart is asked to do and how it reports back.
 *
 * @param timeout    how long to wait for the old owner to exit, and for a new one to be live
 * @param escalate   force an owner that outlives the timeout (after re-proving it)
 * @param lastServed the record of the owner last seen live: a start serves its profiles again (null: none)
 * @param progress   each step as it happens (any thread)
 * @param cancel     polled while waiting: give up, taking the planned-stop marker back where the owner has not acted
 * @param forceNow   polled while waiting: stop waiting for a draining owner and force it to end now
 */
public record ControlRequest(Duration timeout, boolean escalate, HostRecord lastServed, Consumer<ControlStep> progress,
                             BooleanSupplier cancel, BooleanSupplier forceNow) {

    /** A request with nothing to cancel, as the command line makes it. */
    public static ControlRequest of(Duration timeout, boolean escalate, Consumer<ControlStep> progress) {
        return new ControlRequest(timeout, escalate, null, progress, () -> false, () -> false);
    }

    /** The wait ends for either button: Cancel, or "Force stop now" (which then forces). */
    boolean stopWaiting() {
        return cancel.getAsBoolean() || forceNow.getAsBoolean();
    }
}
