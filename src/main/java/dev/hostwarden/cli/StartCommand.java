package dev.hostwarden.cli;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.record.Role;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return launch.run(spec, common, role, "start", false, timeoutSeconds, Actions::start);
    }
}
