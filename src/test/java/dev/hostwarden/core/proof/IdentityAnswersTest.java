package dev.hostwarden.core.proof;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.record.RecordCodec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The token readers of an owner's identity answer ({@link IdentityAnswers}, which {@code status} uses so it
 * never loads databind) against the tree readers they replace ({@code ControlSocket.ask} and
 * {@code OwnerProbe.probe}, kept for the tests that read an answer's whole tree): the same answer for every
 * answer below and for thousands of random ones built from the same pieces.
 */
class IdentityAnswersTest {
    private static final long PID = 4242;

    /** The tree reading of a control socket's answer, as ControlSocket.ask and the former identifiesAs read it. */
    private static boolean treeControl(byte[] line, long pid) {
        if (line.length == 0) {
            return false;
        }
        ObjectNode answer;
        try {
            answer = RecordCodec.parseObject(line);
        } catch (RecordCodec.CorruptRecordException notJson) {
            return false;
        }
        JsonNode result = answer.get("result");
        if (!answer.path("ok").asBoolean(false) || result == null || !result.isObject()) {
            return false;
        }
        JsonNode answeredPid = result.path("pid");
        return answeredPid.isIntegralNumber() && answeredPid.longValue() == pid;
    }

    /** The tree reading of an identity endpoint's body, as OwnerProbe.probe reads it. */
    private static boolean treeEndpoint(String body, String role, long pid) {
        try {
            ObjectNode payload = RecordCodec.parseObject(body.getBytes(StandardCharsets.UTF_8));
            boolean sameRole = role.equals(payload.path("role").asText(null));
            boolean samePid = payload.path("pid").isIntegralNumber() && payload.path("pid").longValue() == pid;
            return sameRole && samePid;
        } catch (RecordCodec.CorruptRecordException notJson) {
            return false;
        }
    }

    private static final List<String> OK_VALUES = List.of("true", "false", "1", "0", "-1", "2", "1.0", "0.0", "\"true\"", "\" true \"",
            "\"TRUE\"", "\"false\"", "\"yes\"", "null", "[]", "{}", "[true]", "{\"ok\":true}", "18446744073709551616", "0e0",
            "\"\"", "99999999999999999999999");
    private static final List<String> PID_VALUES = List.of("4242", "-4242", "4243", "\"4242\"", "4242.0", "4.242e3", "null", "true",
            "[4242]", "{\"pid\":4242}", "18446744073709555858", "0", "4242 ", "42420", "9223372036854780050");
    private static final List<String> ROLE_VALUES = List.of("\"serve\"", "\"gateway\"", "\"Serve\"", "\" serve\"", "null", "1",
            "[\"serve\"]", "{}", "\"serve\\u0000\"", "\"s\\u0065rve\"");

    private static List<String> controlAnswers() {
        List<String> answers = new ArrayList<>();
        for (String ok : OK_VALUES) {
            for (String pid : PID_VALUES) {
                answers.add("{\"ok\":" + ok + ",\"result\":{\"pid\":" + pid + ",\"role\":\"gateway\"},\"id\":1}");
                answers.add("{\"result\":{\"role\":\"gateway\",\"pid\":" + pid + ",\"x\":[1,{\"pid\":4243}]},\"ok\":" + ok + "}");
            }
        }
        answers.addAll(List.of("", " ", "{}", "[]", "null", "\"ok\"", "{\"ok\":true}", "{\"ok\":true,\"result\":null}",
                "{\"ok\":true,\"result\":[{\"pid\":4242}]}", "{\"ok\":true,\"result\":{}}", "{\"ok\":true,\"result\":{\"pid\":4242}}",
                "{\"ok\":true,\"result\":{\"pid\":4242}} ", "{\"ok\":true,\"result\":{\"pid\":4242}}x", "{\"ok\":true,\"result\":{\"pid\":4242}}{}",
                "{\"ok\":true,\"result\":{\"pid\":4242}", "{\"ok\":true,\"result\":{\"pid\":4242},}", "\uFEFF{\"ok\":true,\"result\":{\"pid\":4242}}",
                "{\"ok\":true,\"ok\":false,\"result\":{\"pid\":4242}}", "{\"ok\":false,\"ok\":true,\"result\":{\"pid\":4242}}",
                "{\"ok\":true,\"result\":{\"pid\":4242},\"result\":{\"pid\":1}}", "{\"ok\":true,\"result\":{\"pid\":1},\"result\":{\"pid\":4242}}",
                "{\"ok\":true,\"result\":{\"pid\":4242},\"result\":7}", "{\"ok\":true,\"result\":{\"pid\":4242,\"pid\":1}}",
                "{\"ok\":true,\"result\":{\"pid\":1,\"pid\":4242}}", "{\"ok\":true,\"result\":{\"pid\":4242,\"pid\":\"4242\"}}",
                "{'ok':true,'result':{'pid':4242}}", "{\"ok\":tru,\"result\":{\"pid\":4242}}", "{\"ok\":true,\"result\":{\"pid\":04242}}",
                "{\"ok\":true,\"result\":{\"pid\":NaN}}", "{\"ok\":true,\"result\":{\"pid\":4242}} // done",
                "{\"ok\":true,\"error\":\"no\",\"result\":{\"pid\":4242}}", "{\"ok\":true,\"result\":{\"pid\":4242,\"deep\":" + "[".repeat(50)
                        + "]".repeat(50) + "}}"));
        return answers;
    }

    @Test
    void controlAnswersAreReadAsTheTreeReadsThem() {
        int live = 0;
        for (String answer : controlAnswers()) {
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            boolean expected = treeControl(bytes, PID);
            assertEquals(expected, IdentityAnswers.controlAnswerNames(bytes, PID), answer);
            live += expected ? 1 : 0;
        }
        assertTrue(live > 10, "the cases include answers that name the PID");
    }

    @Test
    void bytesThatAreNotUtf8AreNoAnswer() {
        byte[] bytes = "{\"ok\":true,\"result\":{\"pid\":4242,\"x\":\"\u00ff\"}}".getBytes(StandardCharsets.ISO_8859_1);
        assertEquals(treeControl(bytes, PID), IdentityAnswers.controlAnswerNames(bytes, PID));
        assertFalse(IdentityAnswers.controlAnswerNames(bytes, PID));
    }

    @Test
    void endpointBodiesAreReadAsTheTreeReadsThem() {
        List<String> bodies = new ArrayList<>();
        for (String role : ROLE_VALUES) {
            for (String pid : PID_VALUES) {
                bodies.add("{\"role\":" + role + ",\"pid\":" + pid + ",\"protocolVersion\":1}");
                bodies.add("{\"pid\":" + pid + ",\"extra\":{\"role\":\"serve\",\"pid\":4242},\"role\":" + role + "}");
            }
        }
        bodies.addAll(List.of("", "{}", "[]", "{\"role\":\"serve\",\"pid\":4242}", "{\"role\":\"serve\",\"pid\":4242}trailing",
                "{\"role\":\"serve\",\"role\":\"gateway\",\"pid\":4242}", "{\"role\":\"gateway\",\"role\":\"serve\",\"pid\":4242}",
                "{\"role\":\"serve\",\"pid\":4242,\"pid\":1}", "\uFEFF{\"role\":\"serve\",\"pid\":4242}", "{\"role\":\"serve\",\"pid\":4242"));
        int live = 0;
        for (String body : bodies) {
            boolean expected = treeEndpoint(body, "serve", PID);
            assertEquals(expected, IdentityAnswers.endpointBodyNames(body, "serve", PID), body);
            live += expected ? 1 : 0;
        }
        assertTrue(live > 2, "the cases include bodies that name the role and PID");
    }

    @Test
    void randomAnswersAgreeWithTheTree() {
        Random random = new Random(22);
        List<String> pieces = new ArrayList<>(List.of("{", "}", "[", "]", ",", ":", "\"ok\"", "\"result\"", "\"pid\"", "\"role\"",
                "\"serve\"", " ", "\uFEFF"));
        pieces.addAll(OK_VALUES);
        pieces.addAll(PID_VALUES);
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder();
            if (random.nextBoolean()) {
                text.append("{\"ok\":").append(OK_VALUES.get(random.nextInt(OK_VALUES.size()))).append(",\"result\":{\"pid\":");
            }
            int count = random.nextInt(12);
            for (int p = 0; p < count; p++) {
                text.append(pieces.get(random.nextInt(pieces.size())));
            }
            if (random.nextBoolean()) {
                text.append("}}");
            }
            String answer = text.toString();
            byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
            assertEquals(treeControl(bytes, PID), IdentityAnswers.controlAnswerNames(bytes, PID), answer);
            assertEquals(treeEndpoint(answer, "serve", PID), IdentityAnswers.endpointBodyNames(answer, "serve", PID), answer);
        }
    }
}
