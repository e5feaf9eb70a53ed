package dev.hostwarden.cli;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

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
    FleetOptions fleet;


    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the old owner to exit, and for the new one to be live (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--settings", paramLabel = "FILE", description = "The settings file (default: $HOSTWARDEN_SETTINGS, else "
            + "$XDG_CONFIG_HOME/hostwarden/settings.json, else ~/.config/hostwarden/settings.json). A named file must exist.")
    Path settingsFile;

    @Option(names = "--relaunch-reference", description = "When the owner is not Hostwarden's (a hermes process) and no launch command "
            + "is configured, replace it with Hostwarden's reference owner (refused otherwise).")
    boolean relaunchReference;

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var timeout = ControlOutput.timeout(spec.commandLine(), timeoutSeconds);
        Output output = HostwardenCommand.output(spec, common);
        var rendezvous = common.rendezvous();
        RendezvousOwnerControl control = new RendezvousOwnerControl(rendezvous).withReferenceRelaunch(relaunchReference);
        if (settingsFile != null) {
            LaunchSettings settings;
            try {
                settings = LaunchSettings.loadNamed(settingsFile);
            } catch (LaunchSettings.SettingsException bad) {
                output.error("CONFIG", "restart: " + bad.getMessage() + "; nothing was stopped");
                return ControlResult.Outcome.REFUSED.exitCode();
            }
            control = control.withSettings(settings);
        }
        if (fleet.configuredEndpoints() != null) {
            // Only the fleet's door loads fleet classes; the relaunched owner gets the same fleet.
            Integer refused;
            try {
                refused = FleetSupport.refuseRestart(FleetSupport.config(fleet), role, rendezvous, output);
            } catch (IllegalArgumentException bad) {
                output.error("CONFIG", "restart: " + bad.getMessage() + "; nothing was stopped");
                return ControlResult.Outcome.REFUSED.exitCode();
            }
            if (refused != null) {
                return refused;
            }
            control = control.withEnvironment(FleetSupport.relaunchEnvironment(fleet));
        }
        ControlOutput steps = new ControlOutput(output, output.json() ? output.err() : output.out());
        ControlHistory history = new ControlHistory(rendezvous, role);
        return steps.finish(role, history.finished(control.restart(role, timeout, history.watching(steps.progress()), () -> false)));
    }
}
