package dev.hostwarden.cli;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.LogFollower;
import dev.hostwarden.runtime.RoleLog;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "logs", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Print the output of the owners Hostwarden launched for ROLE (start, restart, supervise): the last N lines, "
        + "and with -f every line as it is written. --hermes prints hermes' own gateway log in the role's home instead.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:printed", "3:there is no such log yet", "1:the log cannot be read", "2:usage error"})
final class LogsCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "-n", paramLabel = "N", defaultValue = "50", description = "How many of the last lines (default ${DEFAULT-VALUE}).")
    int lines;

    @Option(names = {"-f", "--follow"}, description = "Keep printing new lines as they are written, until interrupted.")
    boolean follow;

    @Option(names = "--hermes", description = "hermes' own log in the role's home (logs/gateway.log) instead of Hostwarden's.")
    boolean hermes;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (lines < 1 || lines > 100_000) {
            throw new CommandLine.ParameterException(spec.commandLine(), "-n: '" + lines + "' is not a number of lines from 1 to 100000");
        }
        Output output = HostwardenCommand.output(spec, common);
        RoleLog log = hermes ? new RoleLog(homeOf().resolve("logs").resolve("gateway.log")) : RoleLog.of(Environment.system().stateHome(), role);
        if (!log.exists() && !follow) {
            output.error("NO_LOG", "no log for " + role + " yet (" + log.file() + ")" + (hermes ? ""
                    : ": Hostwarden writes it when it starts an owner (start, restart, supervise)"));
            return 3;
        }
        PrintWriter out = output.out();
        try {
            for (String line : log.tail(lines)) {
                out.println(line);
            }
            out.flush();
            if (follow) {
                new LogFollower(log.file()).follow(line -> {
                    out.println(line);
                    out.flush();
                }, out::checkError);
            }
        } catch (IOException unreadable) {
            output.error("UNREADABLE", "the log " + log.file() + " cannot be read: " + unreadable.getMessage());
            return 1;
        }
        return 0;
    }

    /** The role's home: its owner's (live or last published), else the environment's hermes home. */
    private Path homeOf() {
        HostRecord record = common.rendezvous().read(role).recordOrNull();
        return record != null ? HermesHome.ownerHome(record) : HermesHome.resolve(Environment.system());
    }
}
