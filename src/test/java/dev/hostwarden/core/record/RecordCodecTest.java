package dev.hostwarden.core.record;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hostwarden.core.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every per-field coercion rule of hermes-reference section 3, and the written form's shape. */
class RecordCodecTest {
    /** A valid record with one field's JSON text replaced (or removed when {@code value} is null). */
    private static String with(String key, String value) {
        StringBuilder json = new StringBuilder("{");
        String[][] fields = {
            {"role", "\"serve\""}, {"home", "\"/h\""}, {"pid", "4242"}, {"createTime", "1700000000.5"},
            {"startTime", "123456"}, {"bootEpoch", "\"b:1\""}, {"host", "\"127.0.0.1\""}, {"port", "9119"},
            {"protocolVersion", "1"}, {"tokenFingerprint", "\"0123456789abcdef\""}, {"profiles", "[\"a\",\"b\"]"},
            {"updatedAt", "\"2026-01-01T00:00:00.123456+00:00\""}};
        for (String[] field : fields) {
            String text = field[0].equals(key) ? value : field[1];
            if (text != null) {
                json.append(json.length() > 1 ? "," : "").append('"').append(field[0]).append("\":").append(text);
            }
        }
        return json.append('}').toString();
    }

    private static HostRecord decode(String json) throws RecordCodec.CorruptRecordException {
        return RecordCodec.decode(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String corruptMessage(String json) {
        return assertThrows(RecordCodec.CorruptRecordException.class, () -> decode(json)).getMessage();
    }

    @Test
    void aValidRecordDecodesEveryField() throws Exception {
        HostRecord record = decode(with(null, null));
        assertEquals(new HostRecord(Role.SERVE, "/h", 4242, 1_700_000_000.5, 123456L, "b:1", "127.0.0.1", 9119, 1,
                "0123456789abcdef", List.of("a", "b"), "2026-01-01T00:00:00.123456+00:00"), record);
    }

    @ParameterizedTest(name = "pid {0} makes the record corrupt")
    @ValueSource(strings = {"true", "false", "0", "-1", "\"4242\"", "4242.0", "1.5", "null", "[]", "2147483648", "99999999999999999999"})
    void anInvalidPidIsCorrupt(String pid) {
        String message = corruptMessage(with("pid", pid));
        assertTrue(message.contains("\"pid\""), message);
    }

    @Test
    void aMissingPidIsCorrupt() {
        assertEquals("the required field \"pid\" is missing", corruptMessage(with("pid", null)));
    }

    @Test
    void theLargestIntPidIsAccepted() throws Exception {
        assertEquals(Integer.MAX_VALUE, decode(with("pid", "2147483647")).pid());
    }

    @ParameterizedTest(name = "role {0} makes the record corrupt")
    @ValueSource(strings = {"\"bogus\"", "\"Gateway\"", "\"\"", "1", "null", "true", "[\"gateway\"]"})
    void anUnknownOrWrongTypedRoleIsCorrupt(String role) {
        String message = corruptMessage(with("role", role));
        assertTrue(message.contains("\"role\""), message);
    }

    @Test
    void aMissingRoleIsCorrupt() {
        assertEquals("the required field \"role\" is missing", corruptMessage(with("role", null)));
    }

    @Test
    void everyRoleNameIsAccepted() throws Exception {
        for (Role role : Role.values()) {
            assertEquals(role, decode(with("role", "\"" + role.wireName() + "\"")).role());
        }
    }

    @Test
    void createTimeIntOrFloatBecomesFloatAnythingElseNull() throws Exception {
        assertEquals(1_700_000_000.0, decode(with("createTime", "1700000000")).createTime());
        assertEquals(12.75, decode(with("createTime", "12.75")).createTime());
        for (String other : List.of("\"1700000000\"", "true", "null", "[]", "{}")) {
            assertNull(decode(with("createTime", other)).createTime(), other);
        }
        assertNull(decode(with("createTime", null)).createTime());
    }

    @Test
    void startTimeMustBeAPositiveIntElseNull() throws Exception {
        assertEquals(1L, decode(with("startTime", "1")).startTime());
        assertEquals(9_000_000_000L, decode(with("startTime", "9000000000")).startTime());
        for (String legacy : List.of("true", "false", "0", "-5", "12.0", "\"123\"", "null")) {
            assertNull(decode(with("startTime", legacy)).startTime(), legacy);
        }
        assertNull(decode(with("startTime", null)).startTime());
    }

    @Test
    void portMustBeInRangeElseNull() throws Exception {
        assertEquals(1, decode(with("port", "1")).port());
        assertEquals(65535, decode(with("port", "65535")).port());
        for (String invalid : List.of("0", "-1", "65536", "\"9119\"", "9119.0", "true", "null")) {
            assertNull(decode(with("port", invalid)).port(), invalid);
        }
        assertNull(decode(with("port", null)).port());
    }

    /**
     * hermes reads {@code version if isinstance(version, int) else 0} and compares with {@code != 1}.
     * A Python bool is an int: {@code true} stays True and {@code True != 1} is False (accepted),
     * {@code false} is 0. A float is not an int, so even {@code 1.0} becomes 0 (stale), as a string
     * does ({@code python3 -c 'v=1.0; print(v if isinstance(v, int) else 0)'} prints 0).
     */
    @Test
    void aNonIntProtocolVersionReadsAsZeroAndTrueAsOne() throws Exception {
        assertEquals(2, decode(with("protocolVersion", "2")).protocolVersion());
        assertEquals(1, decode(with("protocolVersion", "true")).protocolVersion());
        for (String invalid : List.of("\"1\"", "1.0", "1.5", "false", "0", "null", "[1]", "99999999999999999999")) {
            assertEquals(0, decode(with("protocolVersion", invalid)).protocolVersion(), invalid);
        }
        assertEquals(0, decode(with("protocolVersion", null)).protocolVersion());
    }

    @Test
    void profilesMustBeAListOfStrings() throws Exception {
        assertEquals(List.of("a", "c"), decode(with("profiles", "[\"a\", 1, null, true, [\"x\"], \"c\"]")).profiles());
        for (String notAList : List.of("\"a,b\"", "{\"a\":1}", "7", "null")) {
            assertEquals(List.of(), decode(with("profiles", notAList)).profiles(), notAList);
        }
        assertEquals(List.of(), decode(with("profiles", null)).profiles());
    }

    @Test
    void falsyOrWrongTypedTextFieldsBecomeEmpty() throws Exception {
        for (String key : List.of("home", "bootEpoch", "host", "tokenFingerprint", "updatedAt")) {
            for (String value : new String[] {null, "null", "0", "false", "[]"}) {
                HostRecord record = decode(with(key, value));
                String text = switch (key) {
                    case "home" -> record.home();
                    case "bootEpoch" -> record.bootEpoch();
                    case "host" -> record.host();
                    case "tokenFingerprint" -> record.tokenFingerprint();
                    default -> record.updatedAt();
                };
                assertEquals("", text, key + " = " + value);
            }
        }
    }

    @Test
    void unknownKeysAreIgnored() throws Exception {
        String json = with(null, null).replace("{", "{\"pidns\":\"4026531836\",\"future\":{\"nested\":[1,2]},\"x\":null,");
        assertEquals(decode(with(null, null)), decode(json));
    }

    @Test
    void aRepeatedKeyTakesItsLastValueAsPythonDoes() throws Exception {
        String json = with(null, null).replace("{", "{\"pid\":7,\"profiles\":[\"old\"],\"port\":[1],");
        HostRecord record = decode(json);
        assertEquals(4242, record.pid());
        assertEquals(List.of("a", "b"), record.profiles());
        assertEquals(9119, record.port());
        assertEquals(7, decode(with(null, null).replace("}", ",\"pid\":7}")).pid());
    }

    @Test
    void anInvalidPidIsNamedInTheMessage() {
        assertEquals("the required field \"pid\" is invalid (\"4242\")", corruptMessage(with("pid", "\"4242\"")));
        assertEquals("the required field \"pid\" is invalid (-1)", corruptMessage(with("pid", "-1")));
        assertEquals("the required field \"pid\" is invalid (null)", corruptMessage(with("pid", "null")));
        assertEquals("the required field \"pid\" is invalid (an array)", corruptMessage(with("pid", "[4242]")));
        assertEquals("the required field \"role\" is an object", corruptMessage(with("role", "{\"name\":\"serve\"}")));
    }

    @Test
    void aDocumentThatIsNotAnObjectMustStillBeValidJson() {
        assertTrue(corruptMessage("[1,").startsWith("not valid JSON at line 1, column"), corruptMessage("[1,"));
        assertTrue(corruptMessage("[1] x").startsWith("unexpected content after the JSON document"), corruptMessage("[1] x"));
        assertEquals("the JSON document is an array, not an object", corruptMessage("[{\"role\":\"serve\"}, [2]]"));
    }

    @Test
    void aUtf8ByteOrderMarkIsTolerated() throws Exception {
        byte[] plain = with(null, null).getBytes(StandardCharsets.UTF_8);
        byte[] bom = new byte[plain.length + 3];
        bom[0] = (byte) 0xEF;
        bom[1] = (byte) 0xBB;
        bom[2] = (byte) 0xBF;
        System.arraycopy(plain, 0, bom, 3, plain.length);
        assertEquals(RecordCodec.decode(plain), RecordCodec.decode(bom));
    }

    @Test
    void badDocumentsAreCorruptWithAPlainLanguageMessage() {
        String valid = with(null, null);
        assertEquals("the file is empty", corruptMessage(""));
        assertEquals("the file is empty", corruptMessage(" \n\t"));
        assertEquals("the file is empty", corruptMessage("\uFEFF"));
        assertTrue(corruptMessage(valid + "garbage").startsWith("unexpected content after the JSON document at line 1, column "));
        assertTrue(corruptMessage(valid + "}").startsWith("unexpected content after the JSON document at line 1, column "));
        assertTrue(corruptMessage(valid + valid).startsWith("unexpected content after the JSON document at line 1"));
        assertTrue(corruptMessage(valid + "\n" + valid).startsWith("unexpected content after the JSON document at line 2"));
        assertEquals("the JSON document is an array, not an object", corruptMessage("[" + valid + "]"));
        assertEquals("the JSON document is a string, not an object", corruptMessage("\"gateway\""));
        assertEquals("the JSON document is a number, not an object", corruptMessage("42"));
        assertEquals("the JSON document is null, not an object", corruptMessage("null"));
        assertTrue(corruptMessage("{\"role\": \"gateway\", \"pid\"").startsWith("not valid JSON at line 1, column"));
        assertTrue(corruptMessage("not json").startsWith("not valid JSON at line 1, column"));
        assertTrue(corruptMessage(with("createTime", "NaN")).startsWith("not valid JSON"));
        assertTrue(corruptMessage(with("createTime", "Infinity")).startsWith("not valid JSON"));
        List<String> messages = new ArrayList<>();
        for (String bad : List.of("", valid + "x", "[1]", "{\"role\":", "nul", "{'role':'gateway'}", "\u0000")) {
            messages.add(corruptMessage(bad));
        }
        for (String message : messages) {
            assertFalse(message.contains("Exception") || message.contains("com.fasterxml") || message.contains("\n"), message);
        }
    }

    @Test
    void theWrittenFormHasHermesKeysInHermesOrder() throws Exception {
        HostRecord record = decode(with(null, null));
        List<String> keys = new ArrayList<>();
        RecordCodec.parseObject(RecordCodec.encode(record)).fieldNames().forEachRemaining(keys::add);
        assertEquals(List.of("role", "home", "pid", "createTime", "startTime", "bootEpoch", "host", "port", "protocolVersion",
                "tokenFingerprint", "profiles", "updatedAt"), keys);
        String written = new String(RecordCodec.encode(record), StandardCharsets.UTF_8);
        assertTrue(written.startsWith("{\"role\":\"serve\",\"home\":\"/h\",\"pid\":4242,"), written);
        assertFalse(written.contains("\n"), "hermes writes the compact form: " + written);
        assertEquals(record, RecordCodec.decode(RecordCodec.encode(record)));
        assertEquals(new ObjectMapper().readTree(with(null, null)), new ObjectMapper().readTree(written));
    }

    @Test
    void legacyNullsAreWrittenAsJsonNull() throws Exception {
        HostRecord legacy = decode(with(null, null)).withCreateTime(null).withStartTime(null).withPort(null);
        String written = new String(RecordCodec.encode(legacy), StandardCharsets.UTF_8);
        assertTrue(written.contains("\"createTime\":null,\"startTime\":null,"), written);
        assertTrue(written.contains("\"port\":null,"), written);
        assertEquals(legacy, RecordCodec.decode(RecordCodec.encode(legacy)));
    }

    @Test
    void updatedAtIsUtcWithMicrosecondsAndAnExplicitOffset() {
        String pattern = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}\\+00:00";
        String now = RecordCodec.utcNow();
        assertTrue(now.matches(pattern), now);
        HostRecord own = Fixtures.rendezvous(Path.of("unused")).ownRecord(Role.GATEWAY, "", null, List.of(), "t", "");
        assertTrue(own.updatedAt().matches(pattern), own.updatedAt());
        assertFalse(own.updatedAt().endsWith("Z"));
    }
}
