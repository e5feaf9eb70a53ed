package dev.hostwarden.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The reader against jackson-core, which read every file and answer before it: over hand-picked
 * edge cases and seeded mutations of real documents, both accept the same texts as one complete
 * document and give the same tokens, texts and number types, and both refuse the same others.
 */
class JsonReaderTest {
    private static final JsonFactory JACKSON = new JsonFactory();
    private static final long SEED = 0x2026_1203L;

    private static final List<String> CASES = List.of("", " ", "{}", "[]", "{ }", "[ ]", "1", "-0", "0", "01", "-01", "1.", ".5", "1.5",
            "-1.5e10", "1E5", "1e+5", "1e-5", "1e", "1e+", "+1", "-", "--1", "0x10", "1x", "[1x]", "[1 2]", "[1,]", "[,1]", "[,]", "{,}",
            "{\"a\":1,}", "{\"a\" 1}", "{\"a\":}", "{a:1}", "{'a':1}", "{\"a\":1 \"b\":2}", "{\"a\":1}{}", "{}x", "{} ", "{}\n\n",
            "{}\f", "\f{}", "\t{\r\n}\t", "{\"a\":[1,{\"b\":null}],\"a\":true}", "true", "false", "null", "tru", "truex", "true1",
            "nulll", "True", "NaN", "Infinity", "-Infinity", "\"\"", "\"a\\\"b\"", "\"\\/\\\\\\b\\f\\n\\r\\t\"", "\"\\u00e9\\u00E9\"",
            "\"\\ud800\"", "\"\\ud83d\\ude00\"", "\"\\u12\"", "\"\\u12g4\"", "\"\\x\"", "\"\\'\"", "\"a\u0001b\"", "\"a\u007fb\"",
            "\"\u00e9\ud800\"", "\"unterminated", "\"ends in backslash\\", "[\"a\",", "{\"a\"", "{\"a\":", "{\"a\":1", "[", "]", "}",
            "2147483647", "2147483648", "-2147483648", "-2147483649", "9223372036854775807", "9223372036854775808",
            "-9223372036854775808", "-9223372036854775809", "123456789012345678901234567890", "1" + "0".repeat(999),
            "1" + "0".repeat(1000), "0." + "1".repeat(1200), "[".repeat(1000) + "]".repeat(1000), "[".repeat(1001) + "]".repeat(1001),
            "{\"a\":".repeat(999) + "1" + "}".repeat(999), "\uFEFF{}", "{}\u0000", "\u0000", "[\"\\u0000\"]", "{\"\":\"\"}",
            "{\"role\":\"gateway\",\"pid\":4242,\"createTime\":1764400000.5,\"profiles\":[\"default\",\"work\"],\"port\":null}");

    private static final List<String> SEEDS = List.of(
            "{\"role\": \"gateway\", \"home\": \"/home/a/.hermes\", \"pid\": 4242, \"createTime\": 1764400000.25, \"startTime\": 123456,"
                    + " \"bootEpoch\": \"b-1:0\", \"host\": \"127.0.0.1\", \"port\": 8642, \"protocolVersion\": 1, \"tokenFingerprint\":"
                    + " \"0123456789abcdef\", \"profiles\": [\"default\", \"w\\u00f6rk\"], \"updatedAt\": \"2026-12-01T08:00:00+00:00\"}",
            "{\"ok\": true, \"result\": {\"pid\": 12, \"role\": \"gateway\", \"nested\": [1, -2.5e-3, [true, false, null], {}]}}",
            "[\"a\\n\\t\\\"\", -0, 0.0, 1E+2, {\"k\": [ ]}]");

    @Test
    void agreesWithJacksonOnEdgeCases() throws IOException {
        for (String text : CASES) {
            assertEquals(jackson(text), ours(text), () -> "text: " + shown(text));
        }
    }

    @Test
    void agreesWithJacksonOnMutatedDocuments() throws IOException {
        Random random = new Random(SEED);
        String alphabet = "{}[]\":,.-+eE0123456789tfnrul \t\n\r\\/u\u0000\u001f\u00e9\ud800ab";
        int accepted = 0;
        for (int round = 0; round < 20_000; round++) {
            StringBuilder text = new StringBuilder(SEEDS.get(random.nextInt(SEEDS.size())));
            for (int edits = 1 + random.nextInt(3); edits > 0; edits--) {
                int at = random.nextInt(text.length() + 1);
                switch (random.nextInt(3)) {
                    case 0 -> text.insert(at, alphabet.charAt(random.nextInt(alphabet.length())));
                    case 1 -> text.delete(at, Math.min(text.length(), at + 1 + random.nextInt(3)));
                    default -> text.setLength(at);
                }
            }
            String mutated = text.toString();
            String expected = jackson(mutated);
            assertEquals(expected, ours(mutated), () -> "seed " + SEED + ", text: " + shown(mutated));
            if (!expected.endsWith("error")) {
                accepted++;
            }
        }
        assertTrue(accepted > 1000, "too few mutations stayed valid JSON to compare tokens: " + accepted);
    }

    @Test
    void errorsSayWhereOnWhichLine() {
        JsonSyntaxException error = assertThrows(JsonSyntaxException.class, () -> readAll("{\n  \"a\": 1,\n  \"b\": x\n}"));
        assertEquals(3, error.line());
        assertEquals(8, error.column());
        assertTrue(error.getMessage().startsWith("unexpected 'x' at line 3, column 8"), error.getMessage());
        JsonSyntaxException trailing = assertThrows(JsonSyntaxException.TrailingContent.class, () -> readAll("{}\n {}"));
        assertEquals(2, trailing.line());
        assertEquals(2, trailing.column());
    }

    @Test
    void numbersReadAsJacksonReadsThem() throws IOException {
        JsonReader reader = new JsonReader("[2147483648, -7, 1e400, 12345678901234567890]");
        reader.nextToken();
        reader.nextToken();
        assertEquals(JsonReader.NumberType.LONG, reader.getNumberType());
        assertEquals(2147483648L, reader.getLongValue());
        assertThrows(JsonSyntaxException.class, reader::getIntValue);
        reader.nextToken();
        assertEquals(-7, reader.getIntValue());
        reader.nextToken();
        assertEquals(Double.POSITIVE_INFINITY, reader.getDoubleValue());
        assertThrows(JsonSyntaxException.class, reader::getLongValue);
        reader.nextToken();
        assertEquals(JsonReader.NumberType.BIG_INTEGER, reader.getNumberType());
        assertThrows(JsonSyntaxException.class, reader::getLongValue);
        assertEquals("12345678901234567890", reader.getBigIntegerValue().toString());
    }

    /** Reads one document to its end as the callers do: every token, then nothing but white space. */
    private static void readAll(String text) throws IOException {
        JsonReader reader = new JsonReader(text);
        if (reader.nextToken() != null) {
            reader.skipChildren();
        }
        reader.expectEnd();
    }

    private static String ours(String text) {
        List<String> tokens = new ArrayList<>();
        try {
            JsonReader reader = new JsonReader(text);
            JsonReader.Token first = reader.nextToken();
            int depth = 0;
            for (JsonReader.Token token = first; token != null; token = depth == 0 ? null : reader.nextToken()) {
                depth += token == JsonReader.Token.START_OBJECT || token == JsonReader.Token.START_ARRAY ? 1
                        : token == JsonReader.Token.END_OBJECT || token == JsonReader.Token.END_ARRAY ? -1 : 0;
                tokens.add(token.name() + " " + reader.getText()
                        + (token == JsonReader.Token.VALUE_NUMBER_INT ? " " + reader.getNumberType() : "")
                        + (token == JsonReader.Token.VALUE_NUMBER_FLOAT ? " " + reader.getDoubleValue() : ""));
            }
            reader.expectEnd();
            return String.join("|", tokens) + "|end";
        } catch (JsonSyntaxException syntax) {
            return "error";
        } catch (IOException | RuntimeException unexpected) {
            return "thrown " + unexpected;
        }
    }

    private static String jackson(String text) throws IOException {
        List<String> tokens = new ArrayList<>();
        try (JsonParser parser = JACKSON.createParser(text)) {
            JsonToken first = parser.nextToken();
            int depth = 0;
            for (JsonToken token = first; token != null; token = depth == 0 ? null : parser.nextToken()) {
                depth += token.isStructStart() ? 1 : token.isStructEnd() ? -1 : 0;
                tokens.add(token.name() + " " + parser.getText()
                        + (token == JsonToken.VALUE_NUMBER_INT ? " " + parser.getNumberType() : "")
                        + (token == JsonToken.VALUE_NUMBER_FLOAT ? " " + parser.getDoubleValue() : ""));
            }
            if (first != null && parser.nextToken() != null) {
                return "error";
            }
            return String.join("|", tokens) + "|end";
        } catch (IOException notJson) {
            return "error";
        }
    }

    private static String shown(String text) {
        StringBuilder out = new StringBuilder();
        for (char c : (text.length() > 300 ? text.substring(0, 300) + "…" : text).toCharArray()) {
            out.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", (int) c) : String.valueOf(c));
        }
        return out.toString();
    }
}
