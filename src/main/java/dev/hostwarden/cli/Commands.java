package dev.hostwarden.cli;

import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The command line's entry. Plain {@code status} takes the picocli-free {@link FastStatus} path;
 * everything else is parsed by picocli ({@link HostwardenCommand}). This class must not link against
 * picocli, or the fast path would pay for loading it.
 */
public final class Commands {
    private Commands() {
    }

    public static int run(String[] args, PrintStream stdout, PrintStream stderr) {
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(stderr, StandardCharsets.UTF_8), true);
        Integer fast = FastStatus.tryRun(args, out, err);
        if (fast != null) {
            return fast;
        }
        return HostwardenCommand.commandLine(out, err, Arrays.asList(args).contains("--json")).execute(args);
    }
}
