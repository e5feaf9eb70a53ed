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

@Command(name = "restart", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class, description = "Stop ROLE's owner, retract what is left, launch the configured command detached, "
        + "and wait until a new owner is proven live.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:a new live owner is proven", "1:no new live owner (the message says the role's state), or "
            + "another machine holds the role's fleet lease (nothing stopped)",
            "4:the directory is unusable, the owner cannot be seen, or the fleet cannot be reached (nothing stopped)",
            "78:the replacement cannot start: settings, command or working directory (nothing stopped)", "2:usage error"})
final class RestartCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    LaunchOptions launch;

    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the old owner to exit, and for the new one to be live (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--relaunch-reference", description = "When the owner is not Hostwarden's (a hermes process) and no launch command "
            + "is configured, replace it with Hostwarden's reference owner (refused otherwise).")
    boolean relaunchReference;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        return launch.run(spec, common, role, "restart", relaunchReference, timeoutSeconds, Actions::restart);
    }
}
