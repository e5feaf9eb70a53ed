package dev.hostwarden.runtime;

import dev.hostwarden.core.Environment;
import dev.hostwarden.core.HermesHome;
import dev.hostwarden.core.HostRecord;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.IoMessages;
import dev.hostwarden.core.PlannedStopMarker;
import dev.hostwarden.core.Platform;
import dev.hostwarden.core.ProcessInspector;
import dev.hostwarden.core.ProcessSignals;
import dev.hostwarden.core.ReasonCode;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.Role;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * {@link OwnerControl} on the host rendezvous. Stop: the planned-stop marker into the owner's home
 * first (the only stop Windows has), SIGTERM too on POSIX, wait, and only after the timeout, and only
 * after re-proving the incarnation (PID, start ticks, boot id) right before signalling, force the
 * end; then the race-safe retract of whatever is left. Restart: stop, retract, launch the configured
 * command detached, and wait until a new owner is proven live and its endpoint answers.
 */
public final class RendezvousOwnerControl implements OwnerControl {
    /** How a process is asked to end; a seam so a test can prove what was (not) sent. */
    public interface Signaller {
        boolean terminate(long pid);

        boolean kill(long pid);

        static Signaller system() {
            return new Signaller() {
                @Override
                public boolean terminate(long pid) {
                    return ProcessSignals.terminate(pid);
                }

                @Override
                public boolean kill(long pid) {
                    return ProcessSignals.kill(pid);
                }
            };
        }
    }

    private static final Duration POLL = Duration.ofMillis(20);
    private static final Duration PROGRESS_EVERY = Duration.ofSeconds(1);
    private static final Duration AFTER_KILL = Duration.ofSeconds(5);

    private final HostRendezvous rendezvous;
    private final ProcessInspector inspector;
    private final Signaller signaller;
    private final boolean signal;
    private final LaunchSettings settings;
    private final Environment env;

    public RendezvousOwnerControl(HostRendezvous rendezvous) {
        this(rendezvous, Signaller.system(), Platform.isPosix(), LaunchSettings.none(), Environment.system());
    }

    private RendezvousOwnerControl(HostRendezvous rendezvous, Signaller signaller, boolean signal, LaunchSettings settings, Environment env) {
        this.rendezvous = rendezvous;
        this.inspector = rendezvous.inspector();
        this.signaller = signaller;
        this.signal = signal;
        this.settings = settings;
        this.env = env;
    }

    public RendezvousOwnerControl withSignaller(Signaller replacement) {
        return new RendezvousOwnerControl(rendezvous, replacement, signal, settings, env);
    }

    /** Marker only, no SIGTERM: the Windows stop, on any platform. Escalation still applies after the timeout. */
    public RendezvousOwnerControl withoutSigterm() {
        return new RendezvousOwnerControl(rendezvous, signaller, false, settings, env);
    }

    public RendezvousOwnerControl withSettings(LaunchSettings replacement) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, replacement, env);
    }

    /** The environment the launch inherits and where the launch log goes (tests point it at temp dirs). */
    public RendezvousOwnerControl withEnvironment(Environment replacement) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, settings, replacement);
    }

    /** What proves "still the process we were asked to stop": captured once, compared before every signal. */
    private record Proof(long pid, Long startTicks, String bootEpoch) {
    }

    private final class Steps {
        private final long started = System.nanoTime();
        private final Consumer<ControlStep> progress;

        Steps(Consumer<ControlStep> progress) {
            this.progress = progress;
        }

        Duration elapsed() {
            return Duration.ofNanos(System.nanoTime() - started);
        }

        void report(ControlStep.Kind kind, String message) {
            progress.accept(new ControlStep(kind, message, elapsed()));
        }
    }

    @Override
    public ControlResult stop(Role role, Duration timeout, boolean escalate, Consumer<ControlStep> progress, BooleanSupplier cancelled) {
        return stop(role, timeout, escalate, new Steps(progress), cancelled);
    }

    private ControlResult stop(Role role, Duration timeout, boolean escalate, Steps steps, BooleanSupplier cancelled) {
        RoleReport report = new RoleInspector(rendezvous, false).inspect(role);
        HostRecord record = report.record().recordOrNull();
        // A proven owner is stopped even when it is UNPROVABLE as the owner because its lock file was
        // deleted under it: stopping (and restarting) it is how the lock gets restored.
        boolean provenOwner = report.verdict() == Verdict.LIVE
                || (report.verdict() == Verdict.UNPROVABLE && report.liveness().proven());
        if (!provenOwner || record == null) {
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
        if (PlannedStopMarker.write(home, pid, inspector)) {
            steps.report(ControlStep.Kind.MARKER_WRITTEN, "wrote the planned-stop marker for PID " + pid + " at "
                    + PlannedStopMarker.pathFor(home));
        } else {
            steps.report(ControlStep.Kind.FAILED, "could not write the planned-stop marker at " + PlannedStopMarker.pathFor(home)
                    + "; the owner will read the stop as unexpected");
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
            if (!escalate) {
                return new ControlResult(ControlResult.Outcome.FAILED, "PID " + pid + " did not exit within " + seconds(timeout)
                        + " (not forced: --no-escalate)", pid, null);
            }
            if (!stillTheOwner(proof)) {
                return new ControlResult(ControlResult.Outcome.FAILED, "PID " + pid + " did not exit and can no longer be proven to be the owner"
                        + " (start ticks or boot changed); it was not forced", pid, null);
            }
            boolean killed = signaller.kill(pid);
            steps.report(killed ? ControlStep.Kind.ESCALATED : ControlStep.Kind.FAILED, killed
                    ? "PID " + pid + " did not exit within " + seconds(timeout) + "; forced it to end (SIGKILL)"
                    : "forcing PID " + pid + " to end failed");
            long deadline = System.nanoTime() + AFTER_KILL.toNanos();
            while (!gone(proof) && System.nanoTime() < deadline) {
                pause();
            }
            if (!gone(proof)) {
                return new ControlResult(ControlResult.Outcome.FAILED, "PID " + pid + " is still running after being forced", pid, null);
            }
            steps.report(ControlStep.Kind.EXITED, "PID " + pid + " has ended");
        }
        retract(role, steps);
        return new ControlResult(ControlResult.Outcome.STOPPED, "stopped the " + role + " owner PID " + pid, pid, null);
    }

    /** Waits for the owner to go; a result when the wait ended the action (cancelled), else null. */
    private ControlResult awaitExit(Proof proof, Duration timeout, Steps steps, BooleanSupplier cancelled) {
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
                        + seconds(Duration.ofNanos(System.nanoTime() - begin)) + " of " + seconds(timeout) + ")");
                nextProgress += PROGRESS_EVERY.toNanos();
            }
            pause();
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

    private void retract(Role role, Steps steps) {
        RetractResult retracted = rendezvous.retractor().retract(role, false);
        if (retracted.removedSomething()) {
            steps.report(ControlStep.Kind.RETRACTED, "retracted " + retracted.removed());
        }
    }

    @Override
    public ControlResult restart(Role role, Duration timeout, Consumer<ControlStep> progress, BooleanSupplier cancelled) {
        return restart(role, timeout, null, progress, cancelled);
    }

    @Override
    public ControlResult restart(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress,
                                 BooleanSupplier cancelled) {
        Steps steps = new Steps(progress);
        HostRecord published = rendezvous.readRecord(role, true);
        HostRecord before = published != null ? published : lastServed;
        ControlResult stopped = stop(role, timeout, true, steps, cancelled);
        if (stopped.outcome() == ControlResult.Outcome.FAILED || stopped.outcome() == ControlResult.Outcome.CANCELLED) {
            return new ControlResult(stopped.outcome(), "restart: " + stopped.message(), stopped.oldPid(), null);
        }
        retract(role, steps);
        Long oldPid = stopped.oldPid();
        LaunchSettings.Launch launch = settings.launchFor(role, env, before);
        Process launched;
        Path log = logPath(role);
        try {
            launched = launch(role, launch, before, log);
        } catch (IOException failed) {
            steps.report(ControlStep.Kind.FAILED, "could not launch " + String.join(" ", launch.command()) + ": " + IoMessages.describe(failed));
            return new ControlResult(ControlResult.Outcome.FAILED, "restart: the launch failed: " + IoMessages.describe(failed), oldPid, null);
        }
        steps.report(ControlStep.Kind.LAUNCHED, "launched PID " + launched.pid() + ": " + String.join(" ", shown(launch.command()))
                + " (output in " + log + ")");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (cancelled.getAsBoolean()) {
                steps.report(ControlStep.Kind.CANCELLED, "stopped waiting for the new owner (cancelled); PID " + launched.pid() + " keeps running");
                return new ControlResult(ControlResult.Outcome.CANCELLED, "cancelled while the new owner was starting", oldPid, null);
            }
            RoleReport report = new RoleInspector(rendezvous, true).inspect(role);
            HostRecord now = report.record().recordOrNull();
            if (report.verdict() == Verdict.LIVE && now != null && !Objects.equals(now.pid(), oldPid)
                    && !report.hasReason(ReasonCode.ENDPOINT_SILENT)) {
                steps.report(ControlStep.Kind.LIVE, "PID " + now.pid() + " is the live " + role + " owner and its endpoint answers");
                return new ControlResult(ControlResult.Outcome.RESTARTED, "restarted the " + role + " owner: PID " + now.pid(), oldPid, now.pid());
            }
            if (!launched.isAlive() && launched.exitValue() != 0) {
                steps.report(ControlStep.Kind.FAILED, "the launched command exited with " + launched.exitValue() + " (see " + log + ")");
                return new ControlResult(ControlResult.Outcome.FAILED, "restart: the launched command exited with " + launched.exitValue(), oldPid, null);
            }
            pause();
        }
        steps.report(ControlStep.Kind.FAILED, "no new live owner within " + seconds(timeout) + " (see " + log + ")");
        return new ControlResult(ControlResult.Outcome.FAILED, "restart: no new live " + role + " owner within " + seconds(timeout), oldPid, null);
    }

    private Process launch(Role role, LaunchSettings.Launch launch, HostRecord before, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        if (Platform.isLinux() && LaunchSettings.onPath("setsid", env)) {
            command.add("setsid");    // its own session: the new owner outlives this terminal and its signals
        }
        command.addAll(launch.command());
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().putAll(env.asMap());
        // The new owner must meet us in the same rendezvous directory, and keep the old owner's home.
        builder.environment().put("HERMES_GATEWAY_LOCK_DIR", rendezvous.dir().path().toString());
        if (before != null && !before.home().isEmpty()) {
            builder.environment().put("HERMES_HOME", before.home());
        }
        builder.environment().putAll(launch.environment());
        if (launch.workingDirectory() != null) {
            builder.directory(launch.workingDirectory().toFile());
        }
        Files.createDirectories(log.getParent());
        builder.redirectInput(Redirect.from(new File(Platform.isWindows() ? "NUL" : "/dev/null")));
        builder.redirectOutput(Redirect.appendTo(log.toFile()));
        builder.redirectError(Redirect.appendTo(log.toFile()));
        return builder.start();
    }

    /** {@code $XDG_STATE_HOME/hostwarden/<role>.log}, else {@code ~/.local/state/hostwarden/<role>.log}. */
    Path logPath(Role role) {
        return env.stateHome().resolve("hostwarden").resolve(role.wireName() + ".log");
    }

    /** The command as shown: a long class path is abbreviated. */
    private static List<String> shown(List<String> command) {
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < command.size(); i++) {
            boolean classPath = i > 0 && (command.get(i - 1).equals("-cp") || command.get(i - 1).equals("-classpath"));
            shown.add(classPath && command.get(i).length() > 60 ? "<class path>" : command.get(i));
        }
        return shown;
    }

    private static String seconds(Duration duration) {
        return String.format(java.util.Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
