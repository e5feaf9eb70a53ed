package dev.hostwarden.cli;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.doctor.Doctor;
import dev.hostwarden.doctor.DoctorContext;
import dev.hostwarden.doctor.DoctorReport;
import dev.hostwarden.doctor.Finding;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "doctor", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Check the machine around the rendezvous directory: each check's verdict, evidence and fix (read-only).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:every check is OK", "1:a check warns or found a problem", "2:usage error"})
final class DoctorCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Output output = HostwardenCommand.output(spec, common);
        DoctorReport report = Doctor.examine(DoctorContext.of(common.rendezvous(), Environment.system()));
        if (output.json()) {
            output.document(report.toJson());
        } else {
            render(output.out(), report);
        }
        return report.exitCode();
    }

    static void render(PrintWriter out, DoctorReport report) {
        for (Finding finding : report.findings()) {
            out.printf("%-7s %s: %s%n", finding.result(), finding.name(), finding.evidence());
            if (!finding.fix().isEmpty()) {
                out.printf("        fix: %s%n", finding.fix());
            }
        }
        out.flush();
    }
}
