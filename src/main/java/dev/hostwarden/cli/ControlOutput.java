package dev.hostwarden.cli;

import dev.hostwarden.actions.ControlOutcome;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.ControlStep;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

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
            output.document(new Report(role, outcome, steps));
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

    /**
     * The JSON document, streamed: a databind tree here made every {@code stop} JVM load databind's
     * node types (the class verifier checks them at link time, JSON or not).
     */
    private static final class Report implements JsonStreams.Document {
        private final Role role;
        private final ControlOutcome outcome;
        private final List<ControlStep> steps;

        Report(Role role, ControlOutcome outcome, List<ControlStep> steps) {
            this.role = role;
            this.outcome = outcome;
            this.steps = steps;
        }

        @Override
        public void writeTo(JsonWriter writer) {
            ControlResult result = outcome.result();
            writer.writeStartObject();
            writer.writeStringField("role", role.wireName());
            writer.writeStringField("outcome", result.outcome().name());
            writer.writeStringField("message", outcome.words());
            writer.writeNumberFieldOrNull("oldPid", result.oldPid());
            writer.writeNumberFieldOrNull("newPid", result.newPid());
            writer.writeArrayFieldStart("steps");
            for (ControlStep step : steps) {
                writer.writeStartObject();
                writer.writeStringField("kind", step.kind().name());
                writer.writeStringField("message", step.message());
                writer.writeNumberField("elapsedMs", step.elapsed().toMillis());
                writer.writeEndObject();
            }
            writer.writeEndArray();
            writer.writeEndObject();
        }
    }
}
