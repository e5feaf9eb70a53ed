package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonTrees;
import java.io.PrintWriter;

/** Writes results to stdout (text or one JSON document) and diagnostics to stderr. */
public final class Output {
    private final PrintWriter out;
    private final PrintWriter err;
    private final boolean json;

    public Output(PrintWriter out, PrintWriter err, boolean json) {
        this.out = out;
        this.err = err;
        this.json = json;
    }

    public boolean json() {
        return json;
    }

    public PrintWriter out() {
        return out;
    }

    public PrintWriter err() {
        return err;
    }

    public void document(JsonNode node) {
        out.println(JsonTrees.pretty(node));
        out.flush();
    }

    public void document(JsonStreams.Document document) {
        out.println(JsonStreams.pretty(document));
        out.flush();
    }

    /** Reports a failure: one line on stderr, and the error document on stdout in JSON mode. */
    public void error(String code, String message) {
        err.println("hostwarden: " + message);
        err.flush();
        if (json) {
            document(writer -> {
                writer.writeStartObject();
                writer.writeObjectFieldStart("error");
                writer.writeStringField("code", code);
                writer.writeStringField("message", message);
                writer.writeEndObject();
                writer.writeEndObject();
            });
        }
    }

    public void progress(String line) {
        err.println(line);
        err.flush();
    }
}
