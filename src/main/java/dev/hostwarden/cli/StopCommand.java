package dev.hostwarden.cli;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "stop", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class, description = "Stop ROLE's live owner gracefully: the planned-stop marker first, SIGTERM too on POSIX, "
        + "force only after the timeout and after re-proving the process.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:stopped", "3:no live owner (nothing signalled)", "1:not stopped",
            "4:the directory is unusable, the owner cannot be seen (nothing signalled)", "2:usage error"})
final class StopCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    FleetOptions fleet;


    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30", description = "How long to wait for the owner to exit (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--no-escalate", description = "Never force the owner to end; exit 1 if it did not exit in time.")
    boolean noEscalate;

    @Option(names = "--no-signal", description = "Write the marker only, send no SIGTERM (the Windows stop, on any platform).")
    boolean noSignal;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var timeout = TimeoutOption.of(spec.commandLine(), timeoutSeconds);
        Output output = HostwardenCommand.output(spec, common);
        if (fleet.configuredEndpoints() != null) {
            // No owner here but one elsewhere in the fleet: the stop key is the planned-stop marker across machines.
            Integer elsewhere;
            try {
                elsewhere = FleetSupport.stopElsewhere(FleetSupport.config(fleet), role, common.rendezvous(), timeout, output);
            } catch (IllegalArgumentException bad) {
                output.error("CONFIG", bad.getMessage());
                return 78;
            }
            if (elsewhere != null) {
                return elsewhere;
            }
        }
        var rendezvous = common.rendezvous();
        RendezvousOwnerControl control = new RendezvousOwnerControl(rendezvous);
        if (noSignal) {
            control = control.withoutSigterm();
        }
        ControlOutput steps = new ControlOutput(output, output.err());
        Actions actions = CommonOptions.actions(rendezvous, control, spec);
        return steps.finish(role, actions.stop(role, ControlRequest.of(timeout, !noEscalate, steps.progress())));
    }
}
