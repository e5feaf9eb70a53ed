package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.KnownSecrets;
import dev.hostwarden.report.Redactor;
import dev.hostwarden.report.ReportJson;
import dev.hostwarden.report.ReportText;
import dev.hostwarden.runtime.RoleLog;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

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

    @Spec
    CommandLine.Model.CommandSpec spec;

    /** How much of the launched owners' output explain shows. */
    static final int LOG_LINES = 10;

    /** The last lines the owners Hostwarden launched wrote, secrets redacted; none when there is no log. */
    private List<String> lastLogLines(HostRendezvous rendezvous) {
        Environment env = Environment.system();
        RoleLog log = RoleLog.of(env.stateHome(), role);
        if (!log.exists()) {
            return List.of();
        }
        try {
            Redactor redactor = KnownSecrets.redactor(rendezvous, env, HermesHome.resolve(env));
            return log.tail(LOG_LINES).stream().map(redactor::redact).toList();
        } catch (IOException unreadable) {
            return List.of("(the log " + log.file() + " cannot be read: " + unreadable.getMessage() + ")");
        }
    }

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
        RoleReport inspected = new RoleInspector(rendezvous, true).inspect(role);
        RoleExtras extras = RoleExtras.of(rendezvous, inspected);
        RoleReport report = extras.withReasons(inspected);
        List<String> logLines = lastLogLines(rendezvous);
        if (output.json()) {
            output.document(ReportJson.status(rendezvous.dir(), List.of(report), new StatusPrinter.ExtrasFields(Map.of(role, extras)) {
                @Override
                public void write(JsonWriter writer, RoleReport written) {
                    super.write(writer, written);
                    writer.writeArrayFieldStart("logTail");
                    for (String line : logLines) {
                        writer.writeString(line);
                    }
                    writer.writeEndArray();
                }
            }));
        } else {
            ReportText.explain(output.out(), report);
            extras.printHealthSection(output.out());
            extras.supervision().ifPresent(record -> {
                output.out().println("Supervision:");
                output.out().printf("  %s%n", record.describe());
                if (record.lastExit() != null) {
                    output.out().printf("  last exit:  %s%n", record.lastExit());
                }
            });
            if (!logLines.isEmpty()) {
                output.out().printf("Owner output (%s, last %d lines):%n", RoleLog.of(Environment.system().stateHome(), role).file(), logLines.size());
                logLines.forEach(line -> output.out().printf("  %s%n", line));
            }
            output.out().flush();
        }
        return report.verdict().exitCode();
    }
}
