package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.autostart.Autostart;
import dev.hostwarden.autostart.AutostartException;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.supervise.KeepRunningStore;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "autostart", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Start the panel at login for this user (off by default): on, off, or status.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:done (status: enabled)", "3:status: not enabled", "1:the entry cannot be read or written", "2:usage error"})
final class AutostartCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(arity = "0..1", paramLabel = "on|off|status", description = "on: start the panel at login; off: do not; status: say which.")
    String action;

    @Option(names = "--keep-running", paramLabel = "ROLE[,ROLE...]", split = ",", converter = RoleConverter.class,
            description = "With on: the panel keeps these roles running from the start (its \"Keep running\", remembered for this user).")
    List<Role> keepRunning;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (action == null || !(action.equals("on") || action.equals("off") || action.equals("status"))) {
            throw new CommandLine.ParameterException(spec.commandLine(), (action == null ? "an autostart action is required"
                    : "unknown autostart action '" + action + "'") + " (accepted actions: on, off, status)");
        }
        if (keepRunning != null && !action.equals("on")) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--keep-running goes with 'on' only");
        }
        Output output = HostwardenCommand.output(spec, common);
        if (keepRunning != null) {
            KeepRunningStore store = new KeepRunningStore(Environment.system().stateHome().resolve("hostwarden"));
            for (Role role : keepRunning) {
                if (!store.save(common.rendezvousDir().path(), role, true)) {
                    output.error("STATE_DIR_UNUSABLE", "autostart: cannot remember to keep " + role + " running in " + Environment.system().stateHome());
                    return 1;
                }
            }
        }
        Autostart autostart = Autostart.forThisUser();
        Autostart.State state;
        try {
            state = switch (action) {
                case "on" -> autostart.enable();
                case "off" -> autostart.disable();
                default -> autostart.state();
            };
        } catch (AutostartException failure) {
            output.error("AUTOSTART", failure.getMessage());
            return 1;
        }
        if (output.json()) {
            ObjectNode json = JsonTrees.object();
            json.putObject("autostart").put("enabled", state.enabled()).put("location", state.location()).put("command", state.command());
            output.document(json);
        } else if (state.enabled()) {
            output.out().println("autostart enabled: " + state.location() + " starts " + state.command() + " at login"
                    + (keepRunning == null ? "" : ", keeping " + String.join(", ", keepRunning.stream().map(Role::wireName).toList()) + " running"));
        } else {
            output.out().println("autostart not enabled (" + state.location() + ")");
        }
        output.out().flush();
        return action.equals("status") && !state.enabled() ? 3 : 0;
    }
}
