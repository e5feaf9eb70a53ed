package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.actions.ControlOutcome;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.ControlStep;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import picocli.CommandLine;

/** Shared by {@code start}, {@code stop} and {@code restart}: step lines with their times, the result, the JSON document. */
final class ControlOutput {
    private final List<ControlStep> steps = new ArrayList<>();
    private final Output output;
    private final PrintWriter stepsTo;

    ControlOutput(Output output, PrintWriter stepsTo) {
        this.output = output;
        this.stepsTo = stepsTo;
    }

    Consumer<ControlStep> progress() {
        return step -> {
            steps.add(step);
            stepsTo.print("[" + seconds(step.elapsed().toMillis()) + "s] ");
            stepsTo.println(step.message());
            stepsTo.flush();
        };
    }

    int finish(Role role, ControlOutcome outcome) {
        ControlResult result = outcome.result();
        if (result.outcome() == ControlResult.Outcome.REFUSED || result.outcome() == ControlResult.Outcome.UNUSABLE) {
            // Nothing was done: an error, one line, like every other refusal of the command line.
            output.error(result.outcome() == ControlResult.Outcome.REFUSED ? "CONFIG" : "LOCK_DIR_UNUSABLE", outcome.words());
        } else if (output.json()) {
            ObjectNode root = JsonTrees.object();
            root.put("role", role.wireName());
            root.put("outcome", result.outcome().name());
            root.put("message", outcome.words());
            root.put("oldPid", result.oldPid());
            root.put("newPid", result.newPid());
            ArrayNode list = root.putArray("steps");
            for (ControlStep step : steps) {
                list.addObject().put("kind", step.kind().name()).put("message", step.message()).put("elapsedMs", step.elapsed().toMillis());
            }
            output.document(root);
        } else {
            output.out().println(outcome.words());
            output.out().flush();
        }
        return outcome.exitCode();
    }

    /**
     * {@code String.format(Locale.ROOT, "%6.2f", millis / 1000.0)} for the milliseconds a step took,
     * without java.util.Formatter: it looks up the root locale's number symbols, which costs a fresh
     * {@code stop} JVM several milliseconds of CPU before its first line. A whole number of
     * milliseconds over 1000 is exact in decimal, so the Formatter's half-up rounding to hundredths is
     * {@code (millis + 5) / 10}; {@code ControlOutputTest} compares the two.
     */
    static String seconds(long millis) {
        if (millis < 0) {
            return String.format(Locale.ROOT, "%6.2f", millis / 1000.0);
        }
        long hundredths = (millis + 5) / 10;
        long fraction = hundredths % 100;
        String text = (hundredths / 100) + (fraction < 10 ? ".0" : ".") + fraction;
        return text.length() >= 6 ? text : "      ".substring(text.length()) + text;
    }

    /** A positive, finite number of seconds, else a usage error naming the value. */
    static Duration timeout(CommandLine commandLine, double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds) || seconds > 86_400) {
            throw new CommandLine.ParameterException(commandLine, "--timeout " + seconds + " is not a number of seconds between 0 and 86400");
        }
        return Duration.ofMillis((long) (seconds * 1000));
    }
}
