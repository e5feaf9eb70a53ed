package dev.hostwarden.cli;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The command line's entry. Plain {@code status} and {@code stop ROLE} take the picocli-free
 * {@link FastStatus} and {@link FastStop} paths;
 * everything else is parsed by picocli ({@link HostwardenCommand}). This class must not link against
 * picocli, or the fast path would pay for loading it.
 */
public final class Commands {
    private Commands() {
    }

    public static int run(String[] args, PrintStream stdout, PrintStream stderr) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
        String[] commandFirst = commandFirst(args);
        Integer fast = FastStatus.tryRun(commandFirst, out, err);
        if (fast == null) {
            fast = FastStop.tryRun(commandFirst, out, err);
        }
        if (fast != null) {
            return fast;
        }
        return HostwardenCommand.commandLine(out, err, Arrays.asList(commandFirst).contains("--json")).execute(commandFirst);
    }

    /**
     * The arguments with the common options that stand before the command name ({@code hostwarden
     * --lock-dir D status}) moved behind it, where the command (and its subcommand, the last one
     * named) takes them: the contract lets them stand on either side. They go before a {@code --},
     * which ends the options. Anything else before the command name is left for picocli to judge.
     */
    public static String[] commandFirst(String[] args) {
        List<String> common = new ArrayList<>();
        int first = 0;
        while (first < args.length) {
            String arg = args[first];
            if (arg.equals("--json") || arg.startsWith("--lock-dir=")) {
                common.add(arg);
                first++;
            } else if (arg.equals("--lock-dir") && first + 1 < args.length) {
                common.add(arg);
                common.add(args[first + 1]);
                first += 2;
            } else {
                break;
            }
        }
        if (common.isEmpty() || first == args.length || args[first].startsWith("-")) {
            return args;
        }
        List<String> rest = new ArrayList<>(Arrays.asList(args).subList(first, args.length));
        int endOfOptions = rest.indexOf("--");
        rest.addAll(endOfOptions < 0 ? rest.size() : endOfOptions, common);
        return rest.toArray(String[]::new);
    }
}
