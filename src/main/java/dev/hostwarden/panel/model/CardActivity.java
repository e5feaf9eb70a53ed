package dev.hostwarden.panel.model;

import dev.hostwarden.actions.ControlOutcome;
import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.actions.Outcome;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.ControlStep;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyListWrapper;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;

/**
 * What one card is doing, apart from what its role is: the running (or last) action, its steps and
 * the progress line that updates in place, Cancel and "Force stop now", and the outcome's words until
 * the role's state moves on. Actions run on the background executor; every property changes on the
 * UI executor.
 */
final class CardActivity {
    private final Role role;
    private final PanelContext context;
    /** Runs on the UI executor after every change of busy (the card recomputes what is enabled). */
    private final Runnable changed;
    /** Asks the panel for a refresh once an action has ended. */
    private final Runnable requestRefresh;

    final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    final ReadOnlyListWrapper<ControlStep> steps = new ReadOnlyListWrapper<>(this, "steps", FXCollections.observableArrayList());
    final ReadOnlyBooleanWrapper cancellable = new ReadOnlyBooleanWrapper(this, "cancellable");
    final ReadOnlyBooleanWrapper forcible = new ReadOnlyBooleanWrapper(this, "forcible");
    final ReadOnlyStringWrapper progress = new ReadOnlyStringWrapper(this, "progress", "");
    final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "actionMessage", "");
    final ReadOnlyObjectWrapper<Outcome> outcome = new ReadOnlyObjectWrapper<>(this, "outcome");

    private volatile AtomicBoolean cancelFlag = new AtomicBoolean();
    private volatile AtomicBoolean forceFlag = new AtomicBoolean();
    /** The verdict the last action's message describes; a later change of verdict makes the message history. */
    private Verdict messageVerdict;
    private boolean messagePending;
    /**
     * {@link System#nanoTime()} when the last action's outcome was known. A refresh that began before
     * it saw the world mid-action (an owner still dying, a record not yet retracted) and, landing
     * after the outcome, must neither settle nor clear the outcome's message.
     */
    private volatile long outcomeAt = System.nanoTime();

    CardActivity(Role role, PanelContext context, Runnable changed, Runnable requestRefresh) {
        this.role = role;
        this.context = context;
        this.changed = changed;
        this.requestRefresh = requestRefresh;
    }

    boolean idle() {
        return !busy.get();
    }

    /**
     * A start, stop or restart: steps appear as they happen, Cancel is offered, and "Force stop now"
     * while an owner is being stopped ({@code forcibleAtStart}).
     */
    void runControl(String doing, boolean forcibleAtStart, Function<ControlRequest, ControlOutcome> action) {
        AtomicBoolean cancel = new AtomicBoolean();
        AtomicBoolean force = new AtomicBoolean();
        cancelFlag = cancel;
        forceFlag = force;
        Duration timeout = context.controlTimeout();
        begin(doing + " " + role + "…");
        cancellable.set(true);
        forcible.set(forcibleAtStart);
        steps.clear();
        ControlRequest request = new ControlRequest(timeout, true, null,
                step -> context.ui().execute(() -> showStep(step, doing, timeout)), cancel::get, force::get);
        context.background().execute(() -> {
            Outcome ended;
            String words;
            try {
                ControlOutcome result = action.apply(request);
                ended = result;
                words = result.summary();
            } catch (RuntimeException failed) {
                ended = null;
                words = "FAILED: the action failed: " + failed.getMessage();
            }
            end(ended, words);
        });
    }

    /** Any other action (retract, a fix): "{@code doing}" until its outcome's words are known. */
    void run(String doing, Supplier<? extends Outcome> action) {
        begin("");
        message.set(doing);
        context.background().execute(() -> {
            Outcome ended;
            String words;
            try {
                ended = action.get();
                words = ended.words();
            } catch (RuntimeException failed) {
                ended = null;
                words = "FAILED: the action failed: " + failed.getMessage();
            }
            end(ended, words);
        });
    }

    private void begin(String progressLine) {
        busy.set(true);
        progress.set(progressLine);
        message.set("");
        changed.run();
    }

    private void end(Outcome ended, String words) {
        outcomeAt = System.nanoTime();
        context.ui().execute(() -> {
            busy.set(false);
            cancellable.set(false);
            forcible.set(false);
            progress.set("");
            message.set(words);
            outcome.set(ended);
            messagePending = true;
            messageVerdict = null;
            changed.run();
            requestRefresh.run();
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

    /** Gives up the running action; the action takes back its planned-stop marker where the owner has not acted. */
    void cancel() {
        if (cancellable.get()) {
            cancelFlag.set(true);
            cancellable.set(false);
            forcible.set(false);
            message.set("Cancelling…");
        }
    }

    /** Stops waiting for a draining owner and forces it to end now (after re-proving it is that owner). */
    void forceStop() {
        if (forcible.get()) {
            forceFlag.set(true);
            cancellable.set(false);
            forcible.set(false);
            message.set("Forcing the owner to end…");
        }
    }

    /**
     * A refresh that began at {@code begun} found {@code report}: the first settled one after an action
     * is the state its message speaks of; once the verdict moves on from that, the message goes.
     */
    void seen(RoleReport report, long begun) {
        boolean seesOutcome = begun - outcomeAt >= 0;
        if (!seesOutcome || busy.get()) {
            // Begun before the outcome (or during an action): it says nothing about the message.
            return;
        }
        if (messagePending) {
            // Not settled: STALE (the owner died, and a retract may still be on its way) and an owner still
            // exiting (a forcibly stopped JVM reads as exited while its last threads still hold the host lock:
            // UNPROVABLE with OWNER_EXITING, then STALE a moment later). Settling on that moment made the
            // next refresh clear "STOPPED" as out of date.
            if (report.verdict() != Verdict.STALE && !report.hasReason(ReasonCode.OWNER_EXITING)) {
                messagePending = false;
                messageVerdict = report.verdict();
            }
        } else if (messageVerdict != null && messageVerdict != report.verdict()) {
            // The state moved on since: an old outcome would mislead.
            messageVerdict = null;
            message.set("");
        }
    }
}
