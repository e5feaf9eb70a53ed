package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.OneLineLogFormat;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.supervise.RoleSupervisor;
import dev.hostwarden.supervise.SupervisionPolicy;
import dev.hostwarden.supervise.SupervisionRecord;
import dev.hostwarden.supervise.Supervisor;
import dev.hostwarden.supervise.SupervisorState;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "supervise", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Keep each ROLE owned, in the foreground: when its owner dies (and nobody stopped it on purpose), retract what it "
        + "left and start a new one with the configured command, backing off and giving up on a crash loop. Ends on SIGTERM, SIGINT or "
        + "a planned-stop marker naming it; the owners it started keep running.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:asked to end (signal or marker)", "75:every role is already kept running by another supervisor",
            "78:the settings file or a supervise policy cannot be used", "2:usage error"})
final class SuperviseCommand implements Callable<Integer> {
    private static final System.Logger LOG = System.getLogger(SuperviseCommand.class.getName());

    @Mixin
    CommonOptions common;

    @Parameters(paramLabel = "ROLE", arity = "1..*", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    List<Role> roles;

    @Option(names = "--settings", paramLabel = "FILE", description = "The settings file (default: $HOSTWARDEN_SETTINGS, else "
            + "$XDG_CONFIG_HOME/hostwarden/settings.json, else ~/.config/hostwarden/settings.json). A named file must exist.")
    Path settingsFile;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        Output output = HostwardenCommand.output(spec, common);
        Environment env = Environment.system();
        LaunchSettings settings;
        Map<Role, SupervisionPolicy> policies = new EnumMap<>(Role.class);
        List<Role> wanted = List.copyOf(new LinkedHashSet<>(roles));
        try {
            settings = settingsFile != null ? LaunchSettings.loadNamed(settingsFile) : LaunchSettings.loadDefault(env);
            Path file = settings.location() != null ? settings.location() : LaunchSettings.defaultPath(env);
            for (Role role : wanted) {
                Optional<JsonNode> section = settings.superviseSection(role);
                policies.put(role, section.isEmpty() ? SupervisionPolicy.DEFAULT
                        : SupervisionPolicy.from(section.get(), "settings file " + file + ", role " + role.wireName()));
            }
        } catch (LaunchSettings.SettingsException | SupervisionPolicy.BadPolicyException bad) {
            output.error("CONFIG", "supervise: " + bad.getMessage() + "; nothing is supervised");
            return 78;
        }
        HostRendezvous rendezvous = common.rendezvous();
        OwnershipHistory history = OwnershipHistory.forUser(rendezvous.dir().path());
        // The launch settings are read again at each start, so a fixed command takes effect without a new supervisor.
        RendezvousOwnerControl control = settingsFile != null ? new RendezvousOwnerControl(rendezvous).withSettingsFile(settingsFile)
                : new RendezvousOwnerControl(rendezvous);
        Actions actions = CommonOptions.actions(rendezvous, control, spec);
        OneLineLogFormat.install("supervise");
        List<RoleSupervisor> running = new ArrayList<>();
        for (Role role : wanted) {
            RoleSupervisor supervisor = new RoleSupervisor(role, actions, history, policies.get(role), env.stateHome(), Clock.systemUTC(),
                    SuperviseCommand::said);
            Optional<SupervisionRecord> holder;
            try {
                holder = supervisor.start();
            } catch (IOException unusable) {
                output.error("STATE_DIR_UNUSABLE", "supervise: " + role.wireName() + ": the supervisor's lock cannot be taken: " + unusable.getMessage());
                running.forEach(RoleSupervisor::stop);
                return 78;
            }
            if (holder.isPresent()) {
                LOG.log(Level.WARNING, "{0} is already {1}; not supervised here", role.wireName(), holder.get().describe());
            } else {
                running.add(supervisor);
            }
        }
        if (running.isEmpty()) {
            output.error("HELD", "supervise: every role asked for is already kept running by another supervisor; nothing to do here");
            return 75;
        }
        String why = new Supervisor(running, HermesHome.resolve(env), ProcessInspector.system()).awaitEnd();
        LOG.log(Level.INFO, "ended ({0}); the owners keep running", why);
        return 0;
    }

    /** One line per change of what a role's supervisor does. */
    private static void said(SupervisionRecord now) {
        LOG.log(now.state() == SupervisorState.GAVE_UP ? Level.WARNING : Level.INFO, "{0}: {1}: {2}",
                now.role().wireName(), now.state().wireName(), now.note());
    }
}
