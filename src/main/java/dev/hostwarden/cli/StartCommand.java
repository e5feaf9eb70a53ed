package dev.hostwarden.cli;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.core.record.Role;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "start", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Launch ROLE's configured command detached where no owner runs (retracting a dead owner's record first), "
        + "and wait until it is proven live. A live owner is left alone.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:a new owner is proven live, or one already was (nothing launched)",
            "1:no live owner came up (the message says the role's state), the lock is held by an owner that cannot be proven, "
            + "or another machine holds the role's fleet lease",
            "4:the directory is unusable or the fleet cannot be reached (nothing launched)",
            "78:the command cannot start: settings, command or working directory (nothing launched)", "2:usage error"})
final class StartCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    LaunchOptions launch;

    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the new owner to be live (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var timeout = ControlOutput.timeout(spec.commandLine(), timeoutSeconds);
        Output output = HostwardenCommand.output(spec, common);
        var rendezvous = common.rendezvous();
        LaunchOptions.Control control = launch.control(rendezvous, role, output, "start", false);
        if (control.refusedExit() != null) {
            return control.refusedExit();
        }
        ControlOutput steps = new ControlOutput(output, output.json() ? output.err() : output.out());
        Actions actions = CommonOptions.actions(rendezvous, control.control(), spec);
        return steps.finish(role, actions.start(role, ControlRequest.of(timeout, true, steps.progress())));
    }
}
