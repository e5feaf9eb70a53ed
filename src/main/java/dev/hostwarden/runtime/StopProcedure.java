package dev.hostwarden.runtime;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.Optional;
import java.time.Duration;
import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * How a live owner is stopped: the planned-stop marker into its home first (the only stop Windows
 * has), SIGTERM too where there are signals, wait, and only after the timeout, and only after
 * re-proving the incarnation (PID, start ticks, boot id) right before signalling, force the end; then
 * the race-safe retract of whatever is left. A directory that cannot be read stops it before anything
 * is signalled: an owner that cannot be seen is not "no owner".
 */
final class StopProcedure {
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(1);
    private static final Duration AFTER_KILL = Duration.ofSeconds(5);

    private final HostRendezvous rendezvous;
    private final ProcessInspector inspector;
    private final Signaller signaller;
    private final boolean signal;

    StopProcedure(HostRendezvous rendezvous, Signaller signaller, boolean signal) {
        this.rendezvous = rendezvous;
        this.inspector = rendezvous.inspector();
        this.signaller = signaller;
        this.signal = signal;
    }

    /** What proves "still the process we were asked to stop": captured once, compared before every signal. */
    private record Proof(long pid, Long startTicks, String bootEpoch) {
    }

    ControlResult stop(Role role, Duration timeout, boolean escalate, ControlSteps steps, BooleanSupplier cancelled) {
        RoleReport report = new RoleInspector(rendezvous, false).inspect(role);
        if (report.verdict() == Verdict.UNUSABLE) {
            return unusable(report, "nothing was signalled");
        }
        HostRecord record = report.record().recordOrNull();
        if (provenOwner(report) == null) {
            retract(role, steps);
            return new ControlResult(ControlResult.Outcome.NO_LIVE_OWNER, "no live " + role + " owner (" + report.verdict()
                    + "); nothing was signalled", record == null ? null : record.pid(), null);
        }
        long pid = record.pid();
        if (pid == Platform.currentPid()) {
            // An embedder whose own HostOwner is the owner: a marker and SIGTERM here would stop this very process.
            return new ControlResult(ControlResult.Outcome.FAILED, "the " + role + " owner is this process (PID " + pid
                    + "); stop it from within (HostOwner.requestStop)", pid, null);
        }
        Proof proof = new Proof(pid, inspector.startTicks(pid), inspector.currentBootEpoch());
        Path home = HermesHome.ownerHome(record);
        Optional<String> markerFailure = PlannedStopMarker.tryWrite(home, pid, inspector);
        if (markerFailure.isEmpty()) {
            steps.report(ControlStep.Kind.MARKER_WRITTEN, "wrote the planned-stop marker for PID " + pid + " at "
                    + PlannedStopMarker.pathFor(home));
        } else {
            steps.report(ControlStep.Kind.FAILED, "could not write the planned-stop marker at " + PlannedStopMarker.pathFor(home)
                    + " (" + markerFailure.get() + "); the owner will read the stop as unexpected");
        }
        if (signal && !gone(proof)) {
            if (stillTheOwner(proof)) {
                boolean sent = signaller.terminate(pid);
                if (sent) {
                    steps.report(ControlStep.Kind.SIGNALLED, "sent SIGTERM to PID " + pid);
                } else if (!gone(proof)) {
                    steps.report(ControlStep.Kind.FAILED, "SIGTERM to PID " + pid + " failed");
                }
            } else {
                steps.report(ControlStep.Kind.FAILED, "PID " + pid + " can no longer be proven to be the owner's incarnation; not signalled");
            }
        }
        ControlResult waited = awaitExit(proof, timeout, steps, cancelled);
        if (waited != null) {
            return waited;
        }
        if (!gone(proof)) {
            ControlResult forced = force(proof, timeout, escalate, steps);
            if (forced != null) {
                return forced;
            }
        }
        retract(role, steps);
        return new ControlResult(ControlResult.Outcome.STOPPED, "stopped the " + role + " owner PID " + pid, pid, null);
    }

    /** The owner outlived the wait: force it to end (re-proven first), or say why not; null once it has ended. */
    private ControlResult force(Proof proof, Duration timeout, boolean escalate, ControlSteps steps) {
        long pid = proof.pid();
        if (!escalate) {
            return new ControlResult(ControlResult.Outcome.FAILED, "PID " + pid + " did not exit within " + ControlSteps.seconds(timeout)
                    + " (not forced: --no-escalate)", pid, null);
        }
        if (!stillTheOwner(proof)) {
            return new ControlResult(ControlResult.Outcome.FAILED, "PID " + pid + " did not exit and can no longer be proven to be the owner"
                    + " (start ticks or boot changed); it was not forced", pid, null);
        }
        boolean killed = signaller.kill(pid);
        steps.report(killed ? ControlStep.Kind.ESCALATED : ControlStep.Kind.FAILED, killed
                ? "PID " + pid + " did not exit within " + ControlSteps.seconds(timeout) + "; forced it to end (SIGKILL)"
                : "forcing PID " + pid + " to end failed");
        long deadline = System.nanoTime() + AFTER_KILL.toNanos();
        while (!gone(proof) && System.nanoTime() < deadline) {
            ControlSteps.pause();
        }
        if (!gone(proof)) {
            return new ControlResult(ControlResult.Outcome.FAILED, "PID " + pid + " is still running after being forced", pid, null);
        }
        steps.report(ControlStep.Kind.EXITED, "PID " + pid + " has ended");
        return null;
    }

    /**
     * The PID of the role's proven owner, else null. A proven owner counts even when it is UNPROVABLE
     * as the owner because its lock file was deleted under it: stopping (and restarting) it is how the
     * lock gets restored.
     */
    static Long provenOwner(RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        boolean proven = report.verdict() == Verdict.LIVE
                || (report.verdict() == Verdict.UNPROVABLE && report.liveness().proven());
        return proven && record != null ? record.pid() : null;
    }

    /** The directory cannot be read: whether there is an owner is unknown, so nothing is done. */
    static ControlResult unusable(RoleReport report, String nothingDone) {
        String reason = report.reasons().isEmpty() ? "the lock directory cannot be used" : report.reasons().get(0).message();
        reason = Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
        return new ControlResult(ControlResult.Outcome.UNUSABLE, "cannot see the owner: " + reason + "; " + nothingDone, null, null);
    }

    /** Waits for the owner to go; a result when the wait ended the action (cancelled), else null. */
    private ControlResult awaitExit(Proof proof, Duration timeout, ControlSteps steps, BooleanSupplier cancelled) {
        long begin = System.nanoTime();
        long deadline = begin + timeout.toNanos();
        long nextProgress = begin + PROGRESS_EVERY.toNanos();
        while (System.nanoTime() < deadline) {
            if (gone(proof)) {
                steps.report(ControlStep.Kind.EXITED, "PID " + proof.pid() + " has exited");
                return null;
            }
            if (cancelled.getAsBoolean()) {
                steps.report(ControlStep.Kind.CANCELLED, "stopped waiting for PID " + proof.pid() + " (cancelled)");
                return new ControlResult(ControlResult.Outcome.CANCELLED, "cancelled while PID " + proof.pid() + " was draining",
                        proof.pid(), null);
            }
            if (System.nanoTime() >= nextProgress) {
                steps.report(ControlStep.Kind.DRAINING, "waiting for PID " + proof.pid() + " to exit ("
                        + ControlSteps.seconds(Duration.ofNanos(System.nanoTime() - begin)) + " of " + ControlSteps.seconds(timeout) + ")");
                nextProgress += PROGRESS_EVERY.toNanos();
            }
            ControlSteps.pause();
        }
        if (gone(proof)) {
            steps.report(ControlStep.Kind.EXITED, "PID " + proof.pid() + " has exited");
        }
        return null;
    }

    /** The incarnation we were asked to stop no longer exists: the PID is dead, or now names another process. */
    private boolean gone(Proof proof) {
        if (inspector.presence(proof.pid()).presence() == ProcessInspector.Presence.DEAD) {
            return true;
        }
        Long now = inspector.startTicks(proof.pid());
        return proof.startTicks() != null && now != null && !now.equals(proof.startTicks());
    }

    /** Re-proves, right before a signal: alive, the same start ticks, the same boot. Unknown is "no". */
    private boolean stillTheOwner(Proof proof) {
        return proof.startTicks() != null
                && inspector.presence(proof.pid()).presence() == ProcessInspector.Presence.ALIVE
                && proof.startTicks().equals(inspector.startTicks(proof.pid()))
                && Objects.equals(proof.bootEpoch(), inspector.currentBootEpoch());
    }

    void retract(Role role, ControlSteps steps) {
        RetractResult retracted = rendezvous.retractor().retract(role, false);
        if (retracted.removedSomething()) {
            steps.report(ControlStep.Kind.RETRACTED, "retracted " + retracted.removed());
        }
    }
}
