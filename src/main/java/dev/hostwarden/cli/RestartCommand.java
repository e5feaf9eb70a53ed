package dev.hostwarden.cli;

import dev.hostwarden.core.Environment;
import dev.hostwarden.core.Role;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "restart", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class, description = "Stop ROLE's owner, retract what is left, launch the configured command detached, "
        + "and wait until a new owner is proven live.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:a new live owner is proven", "1:no new live owner", "78:the settings file is unusable", "2:usage error"})
final class RestartCommand implements Callable<Integer> {
    static final int EX_CONFIG = 78;

    @Mixin
    CommonOptions common;


    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the old owner to exit, and for the new one to be live (default ${DEFAULT-VALUE}).")
    double timeoutSeconds;

    @Option(names = "--settings", paramLabel = "FILE", description = "The settings file (default: $HOSTWARDEN_SETTINGS, else "
            + "$XDG_CONFIG_HOME/hostwarden/settings.json, else ~/.config/hostwarden/settings.json).")
    Path settingsFile;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        var timeout = ControlOutput.timeout(spec.commandLine(), timeoutSeconds);
        Output output = HostwardenCommand.output(spec, common);
        Environment env = Environment.system();
        LaunchSettings settings;
        try {
            settings = LaunchSettings.load(settingsFile != null ? settingsFile : LaunchSettings.defaultPath(env));
        } catch (LaunchSettings.SettingsException bad) {
            output.error("CONFIG", bad.getMessage());
            return EX_CONFIG;
        }
        RendezvousOwnerControl control = new RendezvousOwnerControl(common.rendezvous()).withSettings(settings);
        ControlOutput steps = new ControlOutput(output, output.json() ? output.err() : output.out());
        return steps.finish(role, control.restart(role, timeout, steps.progress(), () -> false));
    }
}
