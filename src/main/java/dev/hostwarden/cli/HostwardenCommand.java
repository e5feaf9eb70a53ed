package dev.hostwarden.cli;

import dev.hostwarden.core.record.Role;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** The root command: parses, runs one subcommand, maps every failure to a one-line error and an exit code. */
@Command(name = "hostwarden", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "See and fix hermes host-wide singleton owners (gateway, serve, desktop-serve).",
        subcommands = {StatusCommand.class, ExplainCommand.class, RetractCommand.class, RunCommand.class, StartCommand.class, StopCommand.class,
            RestartCommand.class, SuperviseCommand.class, LogsCommand.class, MarkerCommand.class,
            ProfilesCommand.class, AutostartCommand.class,
            HistoryCommand.class, DoctorCommand.class, DiagnoseCommand.class})
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
     * A usage error as the contract wants it: one line naming the bad value and what is accepted,
     * with where to find help. The accepted roles are named only when the error is about a role, a
     * bad number is said in plain words, and an unknown role reads the same in every command.
     */
    static String usageMessage(CommandLine.ParameterException failure) {
        CommandSpec spec = failure.getCommandLine().getCommandSpec();
        // A bad value may carry a line break of its own; shown escaped, the error stays one line.
        return plainWords(failure, spec).replaceAll("\\R", "\\\\n") + "; see '" + spec.qualifiedName() + " --help'";
    }

    private static String plainWords(CommandLine.ParameterException failure, CommandSpec spec) {
        String picocli = String.valueOf(failure.getMessage()).replaceAll("\\s*\\R\\s*", " ").strip();
        if (failure.getCause() instanceof RoleConverter.UnknownRole unknown) {
            return unknown.getMessage();
        }
        if (failure.getArgSpec() instanceof OptionSpec option && failure.getValue() != null && failure.getCause() != null) {
            return option.longestName() + ": '" + failure.getValue() + "' is not " + expected(option);
        }
        if (failure instanceof CommandLine.MissingParameterException missing) {
            // picocli words both "the option is missing" and "the option has no value" this way; only its text tells them apart.
            boolean valueMissing = picocli.startsWith("Missing required parameter for option");
            return missing.getMissing().stream().map(arg -> valueMissing && arg instanceof OptionSpec option
                    ? option.longestName() + " needs a value (" + option.paramLabel() + ")" : required(arg)).collect(Collectors.joining("; "));
        }
        if (failure instanceof CommandLine.UnmatchedArgumentException unmatched) {
            if (unmatched.isUnknownOption()) {
                return picocli + " (accepted options: " + spec.options().stream()
                        .map(option -> String.join("/", option.names())).collect(Collectors.joining(", ")) + ")";
            }
            if (!spec.subcommands().isEmpty()) {
                return "unknown command " + quoted(unmatched.getUnmatched()) + " (accepted commands: " + commands(spec) + ")";
            }
            return "unexpected argument " + quoted(unmatched.getUnmatched()) + " (" + spec.qualifiedName() + " takes no more)";
        }
        if (!spec.subcommands().isEmpty() && failure.getArgSpec() == null) {
            // A command that only groups others (marker) ran without one of them.
            return "'" + spec.qualifiedName() + "' needs a command (accepted commands: " + commands(spec) + ")";
        }
        return picocli;
    }

    /** What an option's value should have been, in the user's words rather than Java's type names. */
    private static String expected(OptionSpec option) {
        Class<?> type = option.type();
        if (option.paramLabel().equals("SECONDS")) {
            return "a number of seconds";
        }
        if (option.longestName().equals("--port")) {
            return "a port number (0-65535; 0 picks a free port)";
        }
        if (option.paramLabel().equals("PID")) {
            return "a process ID (a whole number)";
        }
        if (type == int.class || type == long.class || type == Integer.class || type == Long.class) {
            return "a whole number";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        if (type == Path.class) {
            return "a usable path";
        }
        return "a valid " + option.paramLabel();
    }

    private static String required(CommandLine.Model.ArgSpec missing) {
        if (missing instanceof OptionSpec option) {
            return option.longestName() + " " + option.paramLabel() + " is required";
        }
        String label = missing.paramLabel();
        return "a " + label + " is required" + (label.equals("ROLE") ? " (accepted roles: " + Role.acceptedNames() + ")" : "");
    }

    private static String commands(CommandSpec spec) {
        return String.join(", ", spec.subcommands().keySet());
    }

    private static String quoted(List<String> words) {
        return words.stream().map(word -> "'" + word + "'").collect(Collectors.joining(", "));
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
