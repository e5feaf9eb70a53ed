package dev.hostwarden.runtime;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.CommandHint;
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

/**
 * How a new owner is brought up: first prove it can start (settings, executable, working directory,
 * and never a hermes owner silently replaced by the reference owner), then launch the configured
 * command detached, in its own session, with its output appended to the role's log, and wait until a
 * new owner is proven live and its endpoint answers.
 */
final class LaunchProcedure {
    /** Where the launch settings come from, read when an action runs so a bad file is a refusal. */
    @FunctionalInterface
    interface SettingsSource {
        LaunchSettings load(Environment env) throws LaunchSettings.SettingsException;
    }

    /** Why a launch will not begin: nothing has been stopped or launched yet. */
    static final class Refusal extends Exception {
        Refusal(String message) {
            super(message, null, false, false);
        }
    }

    private final HostRendezvous rendezvous;
    private final SettingsSource settings;
    private final Environment env;
    private final boolean relaunchReference;

    LaunchProcedure(HostRendezvous rendezvous, SettingsSource settings, Environment env, boolean relaunchReference) {
        this.rendezvous = rendezvous;
        this.settings = settings;
        this.env = env;
        this.relaunchReference = relaunchReference;
    }

    /**
     * Everything a launch must know before anything is stopped: the settings are usable, the command
     * resolves to an executable, its working directory exists, and a live owner that is not
     * Hostwarden's is not replaced by the reference owner unless that was asked for. Returns the
     * launch with its program resolved to the path that will run.
     */
    LaunchSettings.Launch preflight(Role role, Long livePid, HostRecord before) throws Refusal {
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

    /**
     * Launches {@code launch} and waits until a new owner (not {@code oldPid}) is proven live and its
     * endpoint answers. {@code verb} names the action in the words ("restart", "start"); a success is
     * {@code done}.
     */
    ControlResult launchAndAwait(Role role, LaunchSettings.Launch launch, HostRecord before, Long oldPid, Duration timeout,
                                 ControlSteps steps, BooleanSupplier cancelled, String verb, ControlResult.Outcome done) {
        Process launched;
        Path log = logPath(role);
        try {
            launched = launch(launch, before, log);
        } catch (IOException failed) {
            steps.report(ControlStep.Kind.FAILED, "could not launch " + launch.shown() + ": " + IoMessages.describe(failed));
            return leftWithout(role, oldPid, launch, log, verb, "the launch failed: " + IoMessages.describe(failed));
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
                return new ControlResult(done, done.name().toLowerCase(Locale.ROOT) + " the " + role + " owner: PID " + record.pid(), oldPid, record.pid())
                        .withLaunched(launched.pid(), null);
            }
            if (!launched.isAlive() && launched.exitValue() != 0) {
                steps.report(ControlStep.Kind.FAILED, "the launched command exited with " + launched.exitValue() + " (see " + log + ")");
                return leftWithout(role, oldPid, launch, log, verb, "the launched command exited with " + launched.exitValue())
                        .withLaunched(launched.pid(), launched.exitValue());
            }
            ControlSteps.pause();
        }
        steps.report(ControlStep.Kind.FAILED, "no new live owner within " + ControlSteps.seconds(timeout) + " (see " + log + ")");
        return leftWithout(role, oldPid, launch, log, verb, "no new live " + role + " owner within " + ControlSteps.seconds(timeout)
                + (launched.isAlive() ? " (the launched PID " + launched.pid() + " is still running)" : ""))
                .withLaunched(launched.pid(), launched.isAlive() ? null : launched.exitValue());
    }

    /** A failed launch: says what state the role is in now and how to start it by hand. */
    private ControlResult leftWithout(Role role, Long oldPid, LaunchSettings.Launch launch, Path log, String verb, String what) {
        Verdict now = new RoleInspector(rendezvous, false).inspect(role).verdict();
        String start = launch.shown();
        if (launch.reference()) {
            start += CommandHint.lockDirOption(rendezvous.dir());
        }
        return new ControlResult(ControlResult.Outcome.FAILED, verb + ": " + what + "; the " + role + " role is now " + now
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
        new RoleLog(log).keepBounded();
        builder.redirectInput(Redirect.from(new File(Platform.current().nullDevice())));
        builder.redirectOutput(Redirect.appendTo(log.toFile()));
        builder.redirectError(Redirect.appendTo(log.toFile()));
        Process started = builder.start();
        LaunchedProcesses.add(started);
        return started;
    }

    /** {@code $XDG_STATE_HOME/hostwarden/<role>.log}, else {@code ~/.local/state/hostwarden/<role>.log} ({@link RoleLog}). */
    Path logPath(Role role) {
        return RoleLog.of(env.stateHome(), role).file();
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
}
