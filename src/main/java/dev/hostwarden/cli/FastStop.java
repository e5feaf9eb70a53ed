package dev.hostwarden.cli;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.SettingsLocation;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * {@code stop ROLE} without picocli's start-up cost. Building picocli's model of every command costs a
 * fresh JVM about 0.4 s of CPU, four fifths of a whole stop; on a machine that scripts keep busy (sixteen
 * loops polling {@code status} on two cores) a stop gets a small share of the CPU, so that start-up made
 * it take seconds. This path accepts only the plain form, {@code stop ROLE [--json] [--lock-dir DIR]}
 * (the defaults: a 30 s timeout, escalation, SIGTERM), with no fleet configured; anything else returns
 * null and goes through picocli, which owns every message. It then does exactly what
 * {@link StopCommand} does, through the same action. {@code FastStopTest} runs both paths and compares
 * their output.
 */
final class FastStop {
    /** StopCommand's default --timeout, 30 s. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(30_000);

    private FastStop() {
    }

    /** The exit code, or null when these arguments need picocli. */
    static Integer tryRun(String[] args, PrintWriter out, PrintWriter err) {
        if (args.length < 2 || !args[0].equals("stop")) {
            return null;
        }
        if (FleetEnvironment.endpoints() != null) {
            return null;
        }
        if (Files.exists(SettingsLocation.defaultPath(Environment.system()))) {
            return null;   // the settings file may name a fleet: picocli's StopCommand reads it
        }
        boolean json = false;
        Path lockDir = null;
        Role role = null;
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--json")) {
                if (json) {
                    return null;
                }
                json = true;
            } else if (arg.equals("--lock-dir") && i + 1 < args.length && plainValue(args[i + 1])) {
                if (lockDir != null) {
                    return null;
                }
                lockDir = Path.of(args[++i]);
            } else if (arg.startsWith("--lock-dir=") && plainValue(arg.substring("--lock-dir=".length()))) {
                if (lockDir != null) {
                    return null;
                }
                lockDir = Path.of(arg.substring("--lock-dir=".length()));
            } else {
                Role named = knownRole(arg);
                if (named == null || role != null) {
                    return null;
                }
                role = named;
            }
        }
        if (role == null) {
            return null;
        }
        Output output = new Output(out, err, json);
        CommonOptions common = new CommonOptions();
        common.lockDir = lockDir;
        common.json = json;
        try {
            HostRendezvous rendezvous = common.rendezvous();
            RendezvousOwnerControl control = new RendezvousOwnerControl(rendezvous);
            ControlOutput steps = new ControlOutput(output, output.err());
            Actions actions = new Actions(rendezvous, control, OwnershipHistory.forUser(rendezvous.dir().path()),
                    Actor.thisProcess(commandWords(args)));
            return steps.finish(role, actions.stop(role, ControlRequest.of(DEFAULT_TIMEOUT, true, steps.progress())));
        } catch (RuntimeException failure) {
            // What picocli's execution exception handler makes of a failure (HostwardenCommand.commandLine).
            output.error("INTERNAL", "unexpected failure: " + failure);
            return HostwardenCommand.EXIT_SOFTWARE;
        }
    }

    /** As CommonOptions.commandWords: "hostwarden stop gateway", the arguments as picocli would have seen them. */
    private static String commandWords(String[] args) {
        String words = "hostwarden " + String.join(" ", args);
        return words.length() <= 200 ? words : words.substring(0, 199) + "…";
    }

    private static boolean plainValue(String value) {
        return !value.isEmpty() && !value.startsWith("-");
    }

    private static Role knownRole(String name) {
        for (Role role : Role.values()) {
            if (role.wireName().equals(name)) {
                return role;
            }
        }
        return null;
    }
}
