package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.ReportJson;
import dev.hostwarden.report.ReportText;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "explain", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Print a role's verdict as the ordered proof, and what retract or a new owner would do now. Read-only.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:LIVE", "1:STALE", "3:NO_OWNER", "4:UNPROVABLE, STARTING or UNUSABLE", "2:usage error"})
final class ExplainCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    FleetOptions fleet;

    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @picocli.CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Output output = HostwardenCommand.output(spec, common);
        HostRendezvous rendezvous = common.rendezvous();
        if (fleet.configuredEndpoints() != null) {
            try {
                return FleetStatusPrinter.explain(rendezvous, role, output, FleetSupport.config(fleet));
            } catch (IllegalArgumentException bad) {
                output.error("CONFIG", bad.getMessage());
                return 78;
            }
        }
        RoleReport report = new RoleInspector(rendezvous, true).inspect(role);
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), List.of(report)));
        } else {
            ReportText.explain(output.out(), report);
            output.out().flush();
        }
        return report.verdict().exitCode();
    }
}
