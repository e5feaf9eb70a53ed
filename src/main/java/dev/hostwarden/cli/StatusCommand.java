package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Role;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

@Command(name = "status", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Show each role's verdict, record, lock holder and reasons. Read-only.",
        exitCodeListHeading = "%nExit codes (with exactly one ROLE):%n",
        exitCodeList = {"0:LIVE", "1:STALE", "3:NO_OWNER", "4:UNPROVABLE, STARTING or UNUSABLE", "2:usage error"})
final class StatusCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    /**
     * Role names as typed: converted in {@link #call()}, because picocli reports a failing converter
     * on an arity-0..* positional as "Unmatched argument" instead of naming the bad role.
     */
    @Parameters(paramLabel = "ROLE", arity = "0..*", description = "gateway, serve or desktop-serve (default: all)")
    List<String> roleNames;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<Role> roles = new ArrayList<>();
        if (roleNames != null) {
            for (String name : roleNames) {
                try {
                    roles.add(Role.parse(name));
                } catch (IllegalArgumentException unknown) {
                    throw new ParameterException(spec.commandLine(), unknown.getMessage());
                }
            }
        }
        return execute(common.rendezvous(), roles, HostwardenCommand.output(spec, common));
    }

    /** The command itself; {@link FastStatus} calls it too, without building picocli's model. */
    static int execute(HostRendezvous rendezvous, List<Role> roles, Output output) {
        List<Role> wanted = roles == null || roles.isEmpty() ? Arrays.asList(Role.values()) : roles;
        List<RoleReport> reports = new RoleInspector(rendezvous, true).inspectAll(wanted);
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), reports));
        } else {
            output.out().printf("lock dir  %s (from %s)%n", rendezvous.dir().path(), rendezvous.dir().source());
            for (RoleReport report : reports) {
                output.out().println();
                ReportText.status(output.out(), report);
            }
            output.out().flush();
        }
        return wanted.size() == 1 ? reports.get(0).verdict().exitCode() : 0;
    }
}
