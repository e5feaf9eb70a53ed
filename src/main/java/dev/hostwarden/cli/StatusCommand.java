package dev.hostwarden.cli;

import dev.hostwarden.core.record.Role;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "status", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Show each role's verdict, record, lock holder and reasons. Read-only.",
        exitCodeListHeading = "%nExit codes (with exactly one ROLE):%n",
        exitCodeList = {"0:LIVE", "1:STALE", "3:NO_OWNER", "4:UNPROVABLE, STARTING or UNUSABLE", "2:usage error"})
final class StatusCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    FleetOptions fleet;

    /**
     * Role names as typed: converted in {@link #call()}, because picocli reports a failing converter
     * on an arity-0..* positional as "Unmatched argument" instead of naming the bad role.
     */
    @Parameters(paramLabel = "ROLE", arity = "0..*", description = "gateway, serve or desktop-serve (default: all)")
    List<String> roleNames;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<Role> roles = new ArrayList<>();
        if (roleNames != null) {
            RoleConverter converter = new RoleConverter();
            for (String name : roleNames) {
                try {
                    roles.add(converter.convert(name));
                } catch (RoleConverter.UnknownRole unknown) {
                    throw new ParameterException(spec.commandLine(), unknown.getMessage(), unknown, null, name);
                }
            }
        }
        Output output = HostwardenCommand.output(spec, common);
        if (fleet.configuredEndpoints() != null) {
            try {
                return FleetStatusPrinter.execute(common.rendezvous(), roles, output, FleetSupport.config(fleet));
            } catch (IllegalArgumentException bad) {
                output.error("CONFIG", bad.getMessage());
                return 78;
            }
        }
        return StatusPrinter.execute(common.rendezvous(), roles, output);
    }
}
