package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.actions.MarkerOutcome;
import dev.hostwarden.actions.RescanOutcome;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.profiles.GatewayOwnerView;
import dev.hostwarden.core.profiles.Leftover;
import dev.hostwarden.core.profiles.MarkerClearance;
import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.profiles.ProfileRescan;
import dev.hostwarden.core.profiles.ProfileScan;
import dev.hostwarden.core.profiles.ProfileState;
import dev.hostwarden.core.profiles.ProfilesReport;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.record.HermesHome;
import java.io.File;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "profiles", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "List the root home and every profiles/<name> home: served by the live gateway owner (from its identify "
                + "answer), a standalone gateway holding the home's gateway.lock, its planned-stop marker, leftovers. Read-only.",
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:listed", "4:the homes cannot be read", "2:usage error"},
        subcommands = {ProfilesCommand.Rescan.class, ProfilesCommand.ClearMarker.class})
final class ProfilesCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--home", paramLabel = "DIR", description = "The HERMES_HOME (default: HERMES_HOME, else hermes' default).")
    Path home;

    @Spec
    CommandLine.Model.CommandSpec spec;

    static Path root(Path option) {
        return option != null ? option.toAbsolutePath().normalize() : HermesHome.resolve(Environment.system());
    }

    @Override
    public Integer call() {
        Output output = HostwardenCommand.output(spec, common);
        ProfilesReport report = new ProfileScan(common.rendezvous()).scan(root(home));
        if (output.json()) {
            output.document(report.toJson());
        } else {
            render(output.out(), report);
        }
        if (!report.problem().isEmpty()) {
            output.err().println("hostwarden: " + report.problem());
            output.err().flush();
            return 4;
        }
        return 0;
    }

    private static void render(PrintWriter out, ProfilesReport report) {
        out.println("HERMES_HOME " + report.hermesHome());
        out.println("gateway owner: " + owner(report.owner()));
        for (ProfileState state : report.profiles()) {
            String served = state.served() == null ? "served: unknown" : state.served() ? "served" : "not served";
            out.printf("%-20s %-15s %s%n", ProfileHomes.printable(state.name()), served, state.home());
            if (!state.problem().isEmpty()) {
                out.println("    problem: " + state.problem());
            }
            if (state.standalone() != null) {
                out.println("    standalone gateway: " + (state.standalone().pid() == null ? "PID unknown" : "PID " + state.standalone().pid())
                        + (state.standalone().proven() ? " (proven: " : " (not proven: ") + state.standalone().why() + ")");
            }
            if (state.marker() != null) {
                out.println("    planned-stop marker: " + state.marker().describe());
            }
            for (Leftover leftover : state.leftovers()) {
                out.println("    leftover: " + leftover.why() + " (" + leftover.file() + ")");
            }
        }
        out.flush();
    }

    private static String owner(GatewayOwnerView owner) {
        if (owner.absent()) {
            return "none (" + owner.why() + ")";
        }
        if (owner.answered()) {
            return "PID " + owner.pid() + ", answered identify, serving " + owner.servedText();
        }
        return "PID " + (owner.pid() == null ? "unknown" : owner.pid()) + " (" + owner.verdict() + "), served set unknown: " + owner.why();
    }

    @Command(name = "rescan", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
            description = "Rescan profiles: send rescan-profiles to the live gateway owner's control socket and print the served set "
                    + "before and after.",
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:answered", "3:no live gateway owner",
                "1:the owner did not answer in time", "2:usage error"})
    static final class Rescan implements Callable<Integer> {
        @Mixin
        CommonOptions common;

        @Option(names = "--home", paramLabel = "DIR", description = "The HERMES_HOME (default: HERMES_HOME, else hermes' default).")
        Path home;

        @Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Output output = HostwardenCommand.output(spec, common);
            RescanOutcome outcome = CommonOptions.actions(common.rendezvous(), null, spec).rescanProfiles(root(home), ControlSocket.DEFAULT_TIMEOUT);
            ProfileRescan.Result result = outcome.result();
            int code = outcome.exitCode();
            if (output.json()) {
                ObjectNode json = JsonTrees.object();
                json.put("outcome", result.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'));
                json.put("ownerPid", result.owner().live() ? result.owner().pid() : null);
                names(json, "before", result.owner().answered() ? result.before() : null);
                names(json, "after", result.outcome() == ProfileRescan.Outcome.ANSWERED ? result.after() : null);
                json.put("multiplex", result.multiplex());
                json.put("why", result.why());
                output.document(json);
            } else if (code == 0) {
                output.out().println(outcome.words());
                output.out().flush();
            }
            if (code != 0) {
                output.err().println("hostwarden: " + outcome.words());
                output.err().flush();
            }
            return code;
        }

        private static void names(ObjectNode json, String key, List<String> names) {
            if (names == null) {
                json.putNull(key);
            } else {
                ArrayNode array = json.putArray(key);
                names.forEach(array::add);
            }
        }

    }

    @Command(name = "clear-marker", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
            description = "Clear expired marker: remove a profile home's planned-stop marker, only when it is past its 60 s TTL or "
                    + "names a process that is gone.",
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:removed (or would remove, with --dry-run)",
                "1:refused: the marker is live, or not a regular file", "3:no marker", "2:usage error"})
    static final class ClearMarker implements Callable<Integer> {
        @Mixin
        CommonOptions common;

        @Parameters(paramLabel = "NAME", description = "The profile: 'default' (the root home) or a name under profiles/.")
        String name;

        @Option(names = "--home", paramLabel = "DIR", description = "The HERMES_HOME (default: HERMES_HOME, else hermes' default).")
        Path home;

        @Option(names = "--dry-run", description = "Show what would be removed and why; change nothing.")
        boolean dryRun;

        @Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Path root = root(home);
            Path profile = profileHome(root);
            Output output = HostwardenCommand.output(spec, common);
            MarkerOutcome outcome = CommonOptions.actions(common.rendezvous(), null, spec).clearMarker(profile, dryRun);
            MarkerClearance.Result result = outcome.result();
            int code = outcome.exitCode();
            if (output.json()) {
                output.document(JsonTrees.object().put("outcome", result.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'))
                        .put("path", result.path().toString()).put("message", result.message()));
            } else if (code != 1) {
                output.out().println(outcome.words());
                output.out().flush();
            }
            if (code == 1) {
                output.err().println("hostwarden: " + outcome.words());
                output.err().flush();
            }
            return code;
        }

        /** The home of NAME; a name that is no profile of {@code root} is a usage error naming it. */
        private Path profileHome(Path root) {
            if (name.equals(ProfileHomes.DEFAULT)) {
                return root;
            }
            Path dir = root.resolve("profiles");
            boolean plain = !name.isEmpty() && !name.equals(".") && !name.equals("..") && name.indexOf('/') < 0 && name.indexOf('\\') < 0
                    && name.indexOf('\0') < 0;
            if (!plain || !Files.isDirectory(dir.resolve(name))) {
                throw new CommandLine.ParameterException(spec.commandLine(), "NAME: '" + ProfileHomes.printable(name)
                        + "' is not a profile of " + root + " (no directory " + dir + File.separator + ProfileHomes.printable(name)
                        + "; 'default' is the root home)");
            }
            return dir.resolve(name);
        }
    }
}
