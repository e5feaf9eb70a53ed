package dev.hostwarden.runtime;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.process.ProcessSignals;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.LockDirSource;
import dev.hostwarden.core.record.Role;
import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * {@link OwnerControl} on the host rendezvous. Stop: the planned-stop marker into the owner's home
 * first (the only stop Windows has), SIGTERM too on POSIX, wait, and only after the timeout, and only
 * after re-proving the incarnation (PID, start ticks, boot id) right before signalling, force the
 * end; then the race-safe retract of whatever is left. Restart: first prove the replacement can
 * start (settings, executable, working directory, and never a hermes owner silently replaced by the
 * reference owner), then stop, retract, launch the configured command detached, and wait until a
 * new owner is proven live and its endpoint answers. A directory that cannot be read stops both
 * before they signal or launch anything: an owner that cannot be seen is not "no owner".
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

    /** Where restart's launch settings come from, read when a restart runs so a bad file is a refusal. */
    @FunctionalInterface
    private interface SettingsSource {
        LaunchSettings load(Environment env) throws LaunchSettings.SettingsException;
    }

    private final HostRendezvous rendezvous;
    private final ProcessInspector inspector;
    private final Signaller signaller;
    private final boolean signal;
    private final SettingsSource settings;
    private final Environment env;
    private final boolean relaunchReference;

    /** Restart reads the user's settings file ({@link LaunchSettings#loadDefault}) when it runs. */
    public RendezvousOwnerControl(HostRendezvous rendezvous) {
        this(rendezvous, Signaller.system(), Platform.current().hasSignals(), LaunchSettings::loadDefault, Environment.system(), false);
    }

    private RendezvousOwnerControl(HostRendezvous rendezvous, Signaller signaller, boolean signal, SettingsSource settings,
                                   Environment env, boolean relaunchReference) {
        this.rendezvous = rendezvous;
        this.inspector = rendezvous.inspector();
        this.signaller = signaller;
        this.signal = signal;
        this.settings = settings;
        this.env = env;
        this.relaunchReference = relaunchReference;
    }

    public RendezvousOwnerControl withSignaller(Signaller replacement) {
        return new RendezvousOwnerControl(rendezvous, replacement, signal, settings, env, relaunchReference);
    }

    /** Marker only, no SIGTERM: the Windows stop, on any platform. Escalation still applies after the timeout. */
    public RendezvousOwnerControl withoutSigterm() {
        return new RendezvousOwnerControl(rendezvous, signaller, false, settings, env, relaunchReference);
    }

    public RendezvousOwnerControl withSettings(LaunchSettings replacement) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, ignored -> replacement, env, relaunchReference);
    }

    /** The environment the launch inherits and where the launch log goes (tests point it at temp dirs). */
    public RendezvousOwnerControl withEnvironment(Environment replacement) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, settings, replacement, relaunchReference);
    }

    /**
     * Allows restart to replace an owner that is not Hostwarden's (a hermes process) with the
     * reference owner when nothing else is configured ({@code --relaunch-reference}); without it that
     * restart is refused before anything is stopped.
     */
    public RendezvousOwnerControl withReferenceRelaunch(boolean allowed) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, settings, env, allowed);
    }

    /** Why restart will not begin: nothing has been stopped yet. */
    private static final class Refusal extends Exception {
        Refusal(String message) {
            super(message, null, false, false);
        }
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

    /**
     * The PID of the role's proven owner, else null. A proven owner counts even when it is UNPROVABLE
     * as the owner because its lock file was deleted under it: stopping (and restarting) it is how the
     * lock gets restored.
     */
    private static Long provenOwner(RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        boolean proven = report.verdict() == Verdict.LIVE
                || (report.verdict() == Verdict.UNPROVABLE && report.liveness().proven());
        return proven && record != null ? record.pid() : null;
    }

    /** The directory cannot be read: whether there is an owner is unknown, so nothing is done. */
    private static ControlResult unusable(RoleReport report, String nothingDone) {
        String reason = report.reasons().isEmpty() ? "the lock directory cannot be used" : report.reasons().get(0).message();
        reason = Character.toLowerCase(reason.charAt(0)) + reason.substring(1);
        return new ControlResult(ControlResult.Outcome.UNUSABLE, "cannot see the owner: " + reason + "; " + nothingDone, null, null);
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
        RoleReport report = new RoleInspector(rendezvous, false).inspect(role);
        if (report.verdict() == Verdict.UNUSABLE) {
            return unusable(report, "nothing was stopped or launched");
        }
        HostRecord published = rendezvous.readRecord(role, true);
        HostRecord before = published != null ? published : lastServed;
        LaunchSettings.Launch launch;
        try {
            launch = preflight(role, provenOwner(report), before);
        } catch (Refusal refused) {
            return new ControlResult(ControlResult.Outcome.REFUSED, "restart: " + refused.getMessage() + "; nothing was stopped",
                    provenOwner(report), null);
        }
        ControlResult stopped = stop(role, timeout, true, steps, cancelled);
        switch (stopped.outcome()) {
            case FAILED, CANCELLED -> {
                return new ControlResult(stopped.outcome(), "restart: " + stopped.message(), stopped.oldPid(), null);
            }
            case UNUSABLE -> {
                return stopped;
            }
            default -> {
            }
        }
        retract(role, steps);
        Long oldPid = stopped.oldPid();
        Process launched;
        Path log = logPath(role);
        try {
            launched = launch(launch, before, log);
        } catch (IOException failed) {
            steps.report(ControlStep.Kind.FAILED, "could not launch " + launch.shown() + ": " + IoMessages.describe(failed));
            return leftWithout(role, oldPid, launch, log, "the launch failed: " + IoMessages.describe(failed));
        }
        steps.report(ControlStep.Kind.LAUNCHED, "launched PID " + launched.pid() + ": " + String.join(" ", shown(launch.command()))
                + " (output in " + log + ")");
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (cancelled.getAsBoolean()) {
                steps.report(ControlStep.Kind.CANCELLED, "stopped waiting for the new owner (cancelled); PID " + launched.pid() + " keeps running");
                return new ControlResult(ControlResult.Outcome.CANCELLED, "cancelled while the new owner was starting", oldPid, null);
            }
            RoleReport now = new RoleInspector(rendezvous, true).inspect(role);
            HostRecord record = now.record().recordOrNull();
            if (now.verdict() == Verdict.LIVE && record != null && !Objects.equals(record.pid(), oldPid)
                    && !now.hasReason(ReasonCode.ENDPOINT_SILENT)) {
                steps.report(ControlStep.Kind.LIVE, "PID " + record.pid() + " is the live " + role + " owner and its endpoint answers");
                return new ControlResult(ControlResult.Outcome.RESTARTED, "restarted the " + role + " owner: PID " + record.pid(), oldPid, record.pid());
            }
            if (!launched.isAlive() && launched.exitValue() != 0) {
                steps.report(ControlStep.Kind.FAILED, "the launched command exited with " + launched.exitValue() + " (see " + log + ")");
                return leftWithout(role, oldPid, launch, log, "the launched command exited with " + launched.exitValue());
            }
            pause();
        }
        steps.report(ControlStep.Kind.FAILED, "no new live owner within " + seconds(timeout) + " (see " + log + ")");
        return leftWithout(role, oldPid, launch, log, "no new live " + role + " owner within " + seconds(timeout)
                + (launched.isAlive() ? " (the launched PID " + launched.pid() + " is still running)" : ""));
    }

    /**
     * Everything a restart must know before it stops anything: the settings are usable, the command
     * resolves to an executable, its working directory exists, and a live owner that is not
     * Hostwarden's is not replaced by the reference owner unless that was asked for. Returns the
     * launch with its program resolved to the path that will run.
     */
    private LaunchSettings.Launch preflight(Role role, Long livePid, HostRecord before) throws Refusal {
        LaunchSettings loaded;
        try {
            loaded = settings.load(env);
        } catch (LaunchSettings.SettingsException bad) {
            throw new Refusal(bad.getMessage());
        }
        Path settingsFile = loaded.location() != null ? loaded.location() : LaunchSettings.defaultPath(env);
        String key = "roles." + role.wireName() + ".command";
        Optional<LaunchSettings.Launch> configured = loaded.configured(role);
        LaunchSettings.Launch launch = configured.orElseGet(() -> LaunchSettings.defaultLaunch(role, env, before));
        if (launch.reference() && configured.isEmpty() && livePid != null && !relaunchReference) {
            OwnerProgram owner = OwnerProgram.of(livePid);
            if (owner.kind() != OwnerProgram.Kind.HOSTWARDEN) {
                String what = owner.kind() == OwnerProgram.Kind.OTHER
                        ? "the live " + role + " owner PID " + livePid + " is not Hostwarden's reference owner (it runs "
                                + abbreviated(owner.commandLine()) + ")"
                        : "what the live " + role + " owner PID " + livePid + " runs cannot be seen";
                throw new Refusal(what + ", no launch command is configured and hermes is not on PATH: set " + key + " in "
                        + settingsFile + ", or pass --relaunch-reference to replace it with Hostwarden's reference owner");
            }
        }
        Path directory = launch.workingDirectory();
        if (directory != null && !Files.isDirectory(directory)) {
            throw new Refusal("the working directory '" + directory + "' of the " + role + " launch (roles." + role.wireName()
                    + ".workingDirectory in " + settingsFile + ") is not a directory");
        }
        String program = launch.command().get(0);
        Optional<Path> resolved = Executables.resolve(program, directory, env);
        if (resolved.isEmpty()) {
            String where = program.contains("/") || program.contains(File.separator) ? "is not an executable file" : "is not an executable on PATH";
            if (launch.reference() && !launch.command().contains(HostwardenLauncher.MAIN_CLASS)) {
                throw new Refusal("cannot relaunch Hostwarden: the installed launcher '" + program + "' (" + HostwardenLauncher.VARIABLE
                        + " or -D" + HostwardenLauncher.PROPERTY + ") " + where);
            }
            if (launch.reference()) {
                throw new Refusal("cannot relaunch Hostwarden: its java '" + program + "' " + where + "; set " + HostwardenLauncher.VARIABLE
                        + " (or -D" + HostwardenLauncher.PROPERTY + ") to the installed hostwarden launcher");
            }
            throw new Refusal("the " + role + " launch command '" + program + "' " + where
                    + (configured.isPresent() ? " (" + key + " in " + settingsFile + ")" : ""));
        }
        List<String> command = new ArrayList<>(launch.command());
        command.set(0, resolved.get().toString());
        return new LaunchSettings.Launch(command, directory, launch.environment(), launch.reference());
    }

    /** A failed launch after the stop: says what state the role is in now and how to start it. */
    private ControlResult leftWithout(Role role, Long oldPid, LaunchSettings.Launch launch, Path log, String what) {
        Verdict now = new RoleInspector(rendezvous, false).inspect(role).verdict();
        String start = launch.shown();
        if (launch.reference() && rendezvous.dir().source() == LockDirSource.OPTION) {
            start += " --lock-dir " + rendezvous.dir().path();
        }
        return new ControlResult(ControlResult.Outcome.FAILED, "restart: " + what + "; the " + role + " role is now " + now
                + (oldPid != null ? " (its owner PID " + oldPid + " was stopped)" : "") + "; see " + log
                + ", then start it with: " + start, oldPid, null);
    }

    private static String abbreviated(String commandLine) {
        return commandLine.length() <= 120 ? commandLine : commandLine.substring(0, 117) + "...";
    }

    private Process launch(LaunchSettings.Launch launch, HostRecord before, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        Optional<Path> setsid = Platform.current().hasProcFs() ? Executables.resolve("setsid", null, env) : Optional.empty();
        // Its own session: the new owner outlives this terminal and its signals.
        setsid.ifPresent(path -> command.add(path.toString()));
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
        builder.redirectInput(Redirect.from(new File(Platform.current().nullDevice())));
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
        return String.format(Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
    }

    private static void pause() {
        try {
            Thread.sleep(POLL.toMillis());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
