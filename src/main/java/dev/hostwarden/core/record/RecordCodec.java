package dev.hostwarden.core.record;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonReader;
import dev.hostwarden.core.io.JsonReader.Token;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonSyntaxException;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.io.PrivateFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The wire form of a record: hermes' camelCase keys in hermes' order, read field by field with
 * hermes' coercion rules so one bad field never loses the record. Records are read and written with
 * this program's own streaming reader and writer ({@link JsonStreams}), without building a tree: {@code status} reads
 * them in a fresh JVM every time it is polled.
 */
public final class RecordCodec {
    private RecordCodec() {
    }

    /** Why a record file could not be used, in plain language. */
    public static final class CorruptRecordException extends Exception {
        public CorruptRecordException(String message) {
            super(message);
        }
    }

    /**
     * Parses a JSON document (a marker, a settings file, an endpoint's answer) into an object node,
     * with the same plain-language errors as a record.
     */
    public static ObjectNode parseObject(byte[] bytes) throws CorruptRecordException {
        JsonNode node;
        try {
            node = JsonTrees.parse(documentText(bytes));
        } catch (IOException unreadable) {
            throw unreadable(unreadable);
        }
        if (!node.isObject()) {
            throw notAnObject(node.isArray() ? "an array" : node.isBoolean() ? "a boolean" : node.isNull() ? "null"
                    : node.isNumber() ? "a number" : "a string");
        }
        return (ObjectNode) node;
    }

    public static HostRecord decode(byte[] bytes) throws CorruptRecordException {
        WireFields fields;
        try {
            JsonReader reader = new JsonReader(documentText(bytes));
            Token first = reader.nextToken();
            if (first != Token.START_OBJECT) {
                // The whole document must still parse: "[1," is invalid JSON before it is an array.
                reader.skipChildren();
                reader.expectEnd();
                throw notAnObject(describe(first));
            }
            fields = WireFields.read(reader);
            reader.expectEnd();
        } catch (IOException unreadable) {
            throw unreadable(unreadable);
        }
        return fields.toRecord();
    }

    /** The record as hermes writes it: compact, camelCase keys in hermes' order. */
    public static byte[] encode(HostRecord record) {
        return JsonStreams.compact(writer -> write(writer, record)).getBytes(StandardCharsets.UTF_8);
    }

    /** Writes the record object, keys in hermes' order. */
    public static void write(JsonWriter writer, HostRecord record) {
        writer.writeStartObject();
        writer.writeStringField("role", record.role().wireName());
        writer.writeStringField("home", record.home());
        writer.writeNumberField("pid", record.pid());
        writer.writeFieldName("createTime");
        if (record.createTime() == null) {
            writer.writeNull();
        } else {
            JsonStreams.writeDecimal(writer, record.createTime());
        }
        writer.writeFieldName("startTime");
        if (record.startTime() == null) {
            writer.writeNull();
        } else {
            writer.writeNumber(record.startTime());
        }
        writer.writeStringField("bootEpoch", record.bootEpoch());
        writer.writeStringField("host", record.host());
        writer.writeFieldName("port");
        if (record.port() == null) {
            writer.writeNull();
        } else {
            writer.writeNumber(record.port());
        }
        writer.writeNumberField("protocolVersion", record.protocolVersion());
        writer.writeStringField("tokenFingerprint", record.tokenFingerprint());
        writer.writeArrayFieldStart("profiles");
        for (String profile : record.profiles()) {
            writer.writeString(profile);
        }
        writer.writeEndArray();
        writer.writeStringField("updatedAt", record.updatedAt());
        if (record.fleetRevision() != null) {
            // Only a fleet owner writes it; hermes ignores keys it does not know.
            writer.writeNumberField("fleetRevision", record.fleetRevision());
        }
        writer.writeEndObject();
    }

    /** The fields as found on the wire. A repeated key: the last one wins, as in Python's json. */
    private static final class WireFields {
        private Token roleToken;
        private String role;
        private Token pidToken;
        private long pid;
        private String pidProblem = "missing";
        private String home = "";
        private Double createTime;
        private Long startTime;
        private String bootEpoch = "";
        private String host = "";
        private Integer port;
        private int protocolVersion;
        private String tokenFingerprint = "";
        private List<String> profiles = List.of();
        private String updatedAt = "";
        private Long fleetRevision;

        static WireFields read(JsonReader reader) throws IOException {
            WireFields fields = new WireFields();
            for (Token key = reader.nextToken(); key != Token.END_OBJECT; key = reader.nextToken()) {
                String name = reader.currentName();
                Token value = reader.nextToken();
                switch (name) {
                    case "role" -> {
                        fields.roleToken = value;
                        fields.role = value == Token.VALUE_STRING ? reader.getText() : null;
                    }
                    case "pid" -> fields.readPid(reader, value);
                    case "home" -> fields.home = text(reader, value);
                    case "createTime" -> fields.createTime = finiteNumber(reader, value);
                    case "startTime" -> fields.startTime = positiveLong(reader, value);
                    case "bootEpoch" -> fields.bootEpoch = text(reader, value);
                    case "host" -> fields.host = text(reader, value);
                    case "port" -> fields.port = port(reader, value);
                    case "protocolVersion" -> fields.protocolVersion = protocolVersion(reader, value);
                    case "tokenFingerprint" -> fields.tokenFingerprint = text(reader, value);
                    case "profiles" -> fields.profiles = strings(reader, value);
                    case "updatedAt" -> fields.updatedAt = text(reader, value);
                    case "fleetRevision" -> fields.fleetRevision = positiveLong(reader, value);
                    default -> {
                        // Unknown keys (newer hermes versions) are ignored.
                    }
                }
                reader.skipChildren();
            }
            return fields;
        }

        private void readPid(JsonReader reader, Token value) throws IOException {
            pidToken = value;
            if (value == Token.VALUE_NUMBER_INT && reader.getNumberType() != JsonReader.NumberType.BIG_INTEGER
                    && reader.getLongValue() > 0 && reader.getLongValue() <= Integer.MAX_VALUE) {
                pid = reader.getLongValue();
                pidProblem = null;
            } else {
                pidProblem = "invalid (" + render(reader, value) + ")";
            }
        }

        HostRecord toRecord() throws CorruptRecordException {
            if (role == null) {
                throw new CorruptRecordException("the required field \"role\" is " + (roleToken == null ? "missing" : describe(roleToken)));
            }
            Role parsedRole;
            try {
                parsedRole = Role.parse(role);
            } catch (IllegalArgumentException unknown) {
                throw new CorruptRecordException("the field \"role\" names an unknown role '" + role + "'");
            }
            if (pidProblem != null) {
                throw new CorruptRecordException("the required field \"pid\" is " + pidProblem);
            }
            String homeProblem = pathProblem(home);
            if (homeProblem != null) {
                throw new CorruptRecordException("the field \"home\" cannot name a directory: it contains " + homeProblem);
            }
            return new HostRecord(parsedRole, home, pid, createTime, startTime, bootEpoch, host, port, protocolVersion,
                    tokenFingerprint, profiles, updatedAt, fleetRevision);
        }
    }

    private static String text(JsonReader reader, Token value) throws IOException {
        return value == Token.VALUE_STRING ? reader.getText() : "";
    }

    private static Double finiteNumber(JsonReader reader, Token value) throws IOException {
        if (value != Token.VALUE_NUMBER_INT && value != Token.VALUE_NUMBER_FLOAT) {
            return null;
        }
        double number = reader.getDoubleValue();
        return Double.isFinite(number) ? number : null;
    }

    private static Long positiveLong(JsonReader reader, Token value) throws IOException {
        return value == Token.VALUE_NUMBER_INT && reader.getNumberType() != JsonReader.NumberType.BIG_INTEGER
                && reader.getLongValue() > 0 ? reader.getLongValue() : null;
    }

    private static Integer port(JsonReader reader, Token value) throws IOException {
        return value == Token.VALUE_NUMBER_INT && reader.getNumberType() == JsonReader.NumberType.INT
                && reader.getIntValue() >= 1 && reader.getIntValue() <= 65535 ? reader.getIntValue() : null;
    }

    /**
     * hermes' {@code version if isinstance(version, int) else 0}: a Python bool is an int, so
     * {@code true} stays True, which equals 1 (accepted) and {@code false} equals 0; a float, even
     * 1.0, is not an int and becomes 0 (stale), as does a string. An int too large for Java's int
     * is not 1 either way.
     */
    private static int protocolVersion(JsonReader reader, Token value) throws IOException {
        return switch (value) {
            case VALUE_TRUE -> 1;
            case VALUE_NUMBER_INT -> reader.getNumberType() == JsonReader.NumberType.INT ? reader.getIntValue() : 0;
            default -> 0;
        };
    }

    /**
     * Why a text cannot be a path on any system, or null: a NUL character (no OS path holds one), or
     * a lone UTF-16 surrogate (Python writes one for each byte of a path that is not UTF-8, and
     * such a path cannot be named through Java's file API).
     */
    private static String pathProblem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\0') {
                return "a NUL character at position " + i;
            }
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return String.format(Locale.ROOT, "a lone surrogate \\u%04x at position %d", (int) c, i);
            }
        }
        return null;
    }

    /** The string items of an array; anything else in it, or a value that is not an array, counts for nothing. */
    private static List<String> strings(JsonReader reader, Token value) throws IOException {
        List<String> values = new ArrayList<>();
        if (value != Token.START_ARRAY) {
            return values;
        }
        for (Token item = reader.nextToken(); item != Token.END_ARRAY; item = reader.nextToken()) {
            if (item == Token.VALUE_STRING) {
                values.add(reader.getText());
            }
            reader.skipChildren();
        }
        return values;
    }

    /** A scalar as it was written; a container by its kind. */
    private static String render(JsonReader reader, Token value) throws IOException {
        return switch (value) {
            case START_ARRAY, START_OBJECT -> describe(value);
            case VALUE_STRING -> "\"" + reader.getText() + "\"";
            default -> reader.getText();
        };
    }

    /**
     * The document text: strict UTF-8, a leading byte order mark dropped, empty refused. hermes
     * reads with {@code read_text(encoding="utf-8-sig")}, whose strict decoder raises on any byte
     * sequence that is not UTF-8 (encoded surrogates and overlong forms included), and then has no
     * record: so bytes that are not UTF-8 make a corrupt record here, never a replacement character.
     * Every reader of a JSON document here takes its text through this.
     */
    public static String documentText(byte[] bytes) throws CorruptRecordException {
        String text;
        try {
            text = PrivateFiles.strictUtf8(bytes);
        } catch (CharacterCodingException notUtf8) {
            throw new CorruptRecordException("the file is not valid UTF-8 (at byte " + firstInvalidByte(bytes) + ")");
        }
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        if (text.isBlank()) {
            throw new CorruptRecordException("the file is empty");
        }
        return text;
    }

    /** The offset of the first byte a strict UTF-8 decoder refuses. */
    private static int firstInvalidByte(byte[] bytes) {
        var decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        decoder.decode(in, out, true);
        return in.position();
    }

    private static CorruptRecordException unreadable(IOException failure) {
        if (failure instanceof JsonSyntaxException.TrailingContent trailing) {
            return new CorruptRecordException("unexpected content after the JSON document at line "
                    + trailing.line() + ", column " + trailing.column());
        }
        if (failure instanceof JsonSyntaxException syntax) {
            return new CorruptRecordException("not valid JSON at line " + syntax.line() + ", column " + syntax.column());
        }
        return new CorruptRecordException("not valid JSON");
    }

    private static CorruptRecordException notAnObject(String kind) {
        return new CorruptRecordException("the JSON document is " + kind + ", not an object");
    }

    /** The kind of value a token starts, in plain words. */
    private static String describe(Token token) {
        return switch (token) {
            case START_ARRAY -> "an array";
            case START_OBJECT -> "an object";
            case VALUE_TRUE, VALUE_FALSE -> "a boolean";
            case VALUE_NULL -> "null";
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
            case VALUE_STRING -> "a string";
            default -> "of an unexpected type";
        };
    }


    /** The time now as hermes writes it in records and markers ({@code updatedAt}, {@code written_at}). */
    public static String utcNow() {
        // Built per call: a static formatter would cost every read-only command its set-up.
        return DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSSxxx").format(Instant.now().atOffset(ZoneOffset.UTC));
    }
}
