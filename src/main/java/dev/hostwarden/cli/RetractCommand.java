package dev.hostwarden.cli;

import dev.hostwarden.actions.RetractOutcome;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.ReportJson;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "retract", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Remove a dead owner's record and token, race-safely (under the host lock).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:removed (or would remove, with --dry-run)", "1:refused: the lock is held, the owner may be alive",
                "3:nothing to retract", "4:the lock directory is unusable", "2:usage error"})
final class RetractCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "--dry-run", description = "Show what would be removed and why; change nothing, take no lock.")
    boolean dryRun;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Output output = HostwardenCommand.output(spec, common);
        RetractOutcome outcome = CommonOptions.actions(common.rendezvous(), null, spec).retract(role, dryRun);
        if (output.json()) {
            output.document(ReportJson.retract(outcome.result()));
        } else {
            render(output, outcome);
        }
        return outcome.exitCode();
    }

    /** The removed files one a line (scripts read them), else the outcome's words; a refusal is an error line. */
    private static void render(Output output, RetractOutcome outcome) {
        RetractResult result = outcome.result();
        switch (result.outcome()) {
            case REMOVED -> {
                for (Path path : result.removed()) {
                    output.out().printf("%s %s%n", result.dryRun() ? "would remove" : "removed", path);
                }
            }
            case NOTHING -> output.out().println(outcome.words());
            default -> output.err().printf("hostwarden: %s: %s%n", result.role(), result.refused().message());
        }
        output.out().flush();
        output.err().flush();
    }
}
