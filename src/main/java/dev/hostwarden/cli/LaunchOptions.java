package dev.hostwarden.cli;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.actions.ControlOutcome;
import dev.hostwarden.actions.ControlRequest;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import java.nio.file.Path;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** What {@code start} and {@code restart} launch with: the settings file and the fleet the new owner joins. */
final class LaunchOptions {
    @Option(names = "--settings", paramLabel = "FILE", description = "The settings file (default: $HOSTWARDEN_SETTINGS, else "
            + "$XDG_CONFIG_HOME/hostwarden/settings.json, else ~/.config/hostwarden/settings.json). A named file must exist.")
    Path settingsFile;

    @Mixin
    FleetOptions fleet;

    /** The owner control, or why it cannot launch; {@code verb} names the command in the one error line. */
    record Control(RendezvousOwnerControl control, Integer refusedExit) {
    }

    Control control(HostRendezvous rendezvous, Role role, Output output, String verb, boolean relaunchReference) {
        RendezvousOwnerControl control = new RendezvousOwnerControl(rendezvous).withReferenceRelaunch(relaunchReference);
        if (settingsFile != null) {
            try {
                control = control.withSettings(LaunchSettings.loadNamed(settingsFile));
            } catch (LaunchSettings.SettingsException bad) {
                output.error("CONFIG", verb + ": " + bad.getMessage() + "; " + nothingDone(verb));
                return new Control(null, ControlResult.Outcome.REFUSED.exitCode());
            }
        }
        if (fleet.configuredEndpoints() != null) {
            // Only the fleet's door loads fleet classes; the launched owner gets the same fleet.
            Integer refused;
            try {
                refused = FleetSupport.refuseLaunch(FleetSupport.config(fleet), role, rendezvous, output, verb);
            } catch (IllegalArgumentException bad) {
                output.error("CONFIG", verb + ": " + bad.getMessage() + "; " + nothingDone(verb));
                return new Control(null, ControlResult.Outcome.REFUSED.exitCode());
            }
            if (refused != null) {
                return new Control(null, refused);
            }
            control = control.withEnvironment(FleetSupport.relaunchEnvironment(fleet));
        }
        return new Control(control, null);
    }

    /** What a launching command asks of the actions, once the settings and the fleet allow the launch. */
    interface LaunchingAction {
        ControlOutcome run(Actions actions, Role role, ControlRequest request);
    }

    /**
     * The whole of {@code start} and {@code restart}: the launch checked first (one line and its exit
     * code when it cannot be), then the action, its steps as progress and its outcome as the result.
     */
    Integer run(CommandSpec spec, CommonOptions common, Role role, String verb, boolean relaunchReference, double timeoutSeconds,
                LaunchingAction action) {
        var timeout = TimeoutOption.of(spec.commandLine(), timeoutSeconds);
        Output output = HostwardenCommand.output(spec, common);
        HostRendezvous rendezvous = common.rendezvous();
        Control control = control(rendezvous, role, output, verb, relaunchReference);
        if (control.refusedExit() != null) {
            return control.refusedExit();
        }
        ControlOutput steps = new ControlOutput(output, output.json() ? output.err() : output.out());
        Actions actions = CommonOptions.actions(rendezvous, control.control(), spec);
        return steps.finish(role, action.run(actions, role, ControlRequest.of(timeout, true, steps.progress())));
    }

    private static String nothingDone(String verb) {
        return verb.equals("start") ? "nothing was launched" : "nothing was stopped";
    }
}
