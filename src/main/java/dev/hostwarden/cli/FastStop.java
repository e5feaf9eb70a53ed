package dev.hostwarden.cli;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;

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
        PlainArguments plain = PlainArguments.of(args, "stop");
        if (plain == null || plain.roles().size() != 1) {
            return null;
        }
        Role role = plain.roles().get(0);
        boolean json = plain.json();
        Output output = new Output(out, err, json);
        try {
            HostRendezvous rendezvous = plain.common().rendezvous();
            RendezvousOwnerControl control = new RendezvousOwnerControl(rendezvous);
            ControlOutput steps = new ControlOutput(output, output.err());
            Actions actions = CommonOptions.actions(rendezvous, control, List.of(args));
            return steps.finish(role, actions.stop(role, ControlRequest.of(DEFAULT_TIMEOUT, true, steps.progress())));
        } catch (RuntimeException failure) {
            // What picocli's execution exception handler makes of a failure (HostwardenCommand.commandLine).
            output.error("INTERNAL", "unexpected failure: " + failure);
            return HostwardenCommand.EXIT_SOFTWARE;
        }
    }
}
