package dev.hostwarden.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;

/** The root command: parses, runs one subcommand, maps every failure to a one-line error and an exit code. */
@Command(name = "hostwarden", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "See and fix hermes host-wide singleton owners (gateway, serve, desktop-serve).",
        subcommands = {StatusCommand.class, ExplainCommand.class, RetractCommand.class, RunCommand.class, StopCommand.class, RestartCommand.class, MarkerCommand.class, AutostartCommand.class})
public final class HostwardenCommand implements Runnable {
    public static final int EXIT_USAGE = 2;
    public static final int EXIT_SOFTWARE = 70;

    @CommandLine.Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required (status, explain, retract, ...)");
    }

    static CommandLine commandLine(PrintWriter out, PrintWriter err, boolean json) {
        CommandLine cli = new CommandLine(new HostwardenCommand());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((failure, args) -> {
            new Output(out, err, json).error("USAGE", usageMessage(failure));
            return EXIT_USAGE;
        });
        cli.setExecutionExceptionHandler((failure, commandLine, parseResult) -> {
            new Output(out, err, json).error("INTERNAL", "unexpected failure: " + failure);
            return EXIT_SOFTWARE;
        });
        return cli;
    }

    /**
     * A usage error as the contract wants it: one line naming the bad value and the accepted ones
     * (commands, options or roles), with where to find help.
     */
    static String usageMessage(CommandLine.ParameterException failure) {
        String message = String.valueOf(failure.getMessage()).replaceAll("\\s*\\R\\s*", " ").strip();
        CommandLine command = failure.getCommandLine();
        CommandSpec spec = command.getCommandSpec();
        if (!message.contains("accepted")) {
            if (failure instanceof CommandLine.UnmatchedArgumentException unmatched && unmatched.isUnknownOption()) {
                message += " (accepted options: " + spec.options().stream()
                        .map(option -> String.join("/", option.names())).collect(java.util.stream.Collectors.joining(", ")) + ")";
            } else if (spec.parent() == null) {
                message += " (accepted commands: " + String.join(", ", spec.subcommands().keySet()) + ")";
            } else {
                message += " (accepted roles: " + dev.hostwarden.core.Role.acceptedNames() + ")";
            }
        }
        return message + "; see '" + spec.qualifiedName() + " --help'";
    }

    /** The output of the running subcommand. */
    static Output output(CommandSpec spec, CommonOptions common) {
        return new Output(spec.commandLine().getOut(), spec.commandLine().getErr(), common.json());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = HostwardenCommand.class.getPackage().getImplementationVersion();
            return new String[] {"hostwarden " + (version == null ? "development build" : version)};
        }
    }
}
