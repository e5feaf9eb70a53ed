package dev.hostwarden.doctor;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;

/**
 * One check's answer: its verdict, the evidence it rests on, and the fix in one line ("" when
 * nothing needs fixing). Evidence never holds a token, only fingerprints.
 */
public record Finding(String name, Result result, String evidence, String fix) {

    public enum Result { OK, WARN, PROBLEM }

    public static Finding ok(String name, String evidence) {
        return new Finding(name, Result.OK, evidence, "");
    }

    public static Finding warn(String name, String evidence, String fix) {
        return new Finding(name, Result.WARN, evidence, fix);
    }

    public static Finding problem(String name, String evidence, String fix) {
        return new Finding(name, Result.PROBLEM, evidence, fix);
    }

    public ObjectNode toJson() {
        ObjectNode node = JsonTrees.object();
        node.put("name", name);
        node.put("result", result.name());
        node.put("evidence", evidence);
        node.put("fix", fix);
        return node;
    }
}
