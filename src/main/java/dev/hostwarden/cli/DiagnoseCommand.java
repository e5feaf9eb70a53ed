package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.diagnostics.DiagnosticsAssembly;
import dev.hostwarden.diagnostics.DiagnosticsBundle;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "diagnose", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Write a redacted diagnostics zip (mode 0600) for support and print its path: status, explain, doctor, history, "
                + "the lock directory, records (token fingerprints only), /proc/locks lines, versions, manifest.json.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "1:could not write", "2:usage error"})
final class DiagnoseCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Option(names = "--out", paramLabel = "FILE", description = "Where to write the zip (default: hostwarden-diagnostics-<UTC time>.zip here). "
            + "An existing file is not replaced.")
    Path out;

    @Option(names = "--include-logs", description = "Add the tails of the owners' logs (scrubbed of secrets).")
    boolean includeLogs;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Output output = HostwardenCommand.output(spec, common);
        Environment environment = Environment.system();
        HostRendezvous rendezvous = common.rendezvous();
        DiagnosticsBundle bundle = DiagnosticsAssembly.assemble(rendezvous, environment, HermesHome.resolve(environment), includeLogs);
        Path target = out != null ? out : Path.of(DiagnosticsAssembly.defaultFileName(Clock.systemUTC()));
        try {
            bundle.write(target);
        } catch (IOException failed) {
            output.error("WRITE", "diagnose: cannot write " + target.toAbsolutePath() + ": " + IoMessages.describe(failed));
            return 1;
        }
        Path written = target.toAbsolutePath().normalize();
        if (output.json()) {
            output.document(JsonTrees.object().put("file", written.toString()).put("entries", bundle.entries().size() + 1)
                    .put("leftOut", bundle.leftOut().size()));
        } else {
            output.out().println(written);
            output.out().flush();
        }
        return 0;
    }
}
