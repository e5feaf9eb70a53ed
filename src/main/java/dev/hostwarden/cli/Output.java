package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.JsonTrees;
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

    /** Reports a failure: one line on stderr, and the error document on stdout in JSON mode. */
    public void error(String code, String message) {
        err.println("hostwarden: " + message);
        err.flush();
        if (json) {
            ObjectNode root = JsonTrees.object();
            root.putObject("error").put("code", code).put("message", message);
            document(root);
        }
    }

    public void progress(String line) {
        err.println(line);
        err.flush();
    }
}
