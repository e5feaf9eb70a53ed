package dev.hostwarden.core.proof;

import dev.hostwarden.core.io.JsonReader;
import dev.hostwarden.core.io.JsonReader.Token;
import dev.hostwarden.core.record.RecordCodec;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Whether an owner's answer names the PID (and role) a record names, read straight from {@link
 * JsonReader}'s tokens. {@code status} asks every live owner in a fresh JVM; building databind's tree of a short
 * answer loaded about 300 databind classes (and through them the JDK's locale and calendar data) and
 * cost it more than everything else it does. The rules are exactly the tree readers' ({@link
 * ControlSocket#ask}, {@link OwnerProbe#probe}): the whole answer must be one valid JSON object, a
 * repeated key's last value wins, {@code ok} is read as databind's {@code asBoolean(false)} reads it,
 * and a PID must be an integral number. {@code IdentityAnswersTest} holds the two to the same answers.
 */
final class IdentityAnswers {
    private IdentityAnswers() {
    }

    /**
     * A control socket's answer line: {@code {"ok": true, "result": {"pid": PID, …}, …}}. False for
     * anything else, including a line that is not one JSON object.
     */
    static boolean controlAnswerNames(byte[] line, long pid) {
        if (line == null || line.length == 0) {
            return false;
        }
        try {
            JsonReader reader = new JsonReader(RecordCodec.documentText(line));
            if (reader.nextToken() != Token.START_OBJECT) {
                return false;
            }
            boolean ok = false;
            boolean resultIsObject = false;
            boolean resultNamesPid = false;
            for (Token key = reader.nextToken(); key != Token.END_OBJECT; key = reader.nextToken()) {
                String name = reader.currentName();
                Token value = reader.nextToken();
                if (name.equals("ok")) {
                    ok = asBoolean(reader, value);
                } else if (name.equals("result")) {
                    resultIsObject = value == Token.START_OBJECT;
                    resultNamesPid = resultIsObject && objectNamesPid(reader, null, pid);
                }
                reader.skipChildren();
            }
            reader.expectEnd();
            return ok && resultIsObject && resultNamesPid;
        } catch (IOException | RecordCodec.CorruptRecordException | RuntimeException unusable) {
            return false;
        }
    }

    /** An identity endpoint's JSON body: one object whose {@code role} is {@code role} and {@code pid} is {@code pid}. */
    static boolean endpointBodyNames(String body, String role, long pid) {
        try {
            JsonReader reader = new JsonReader(RecordCodec.documentText(body.getBytes(StandardCharsets.UTF_8)));
            Token first = reader.nextToken();
            if (first != Token.START_OBJECT) {
                return false;
            }
            boolean names = objectNamesPid(reader, role, pid);
            reader.expectEnd();
            return names;
        } catch (IOException | RecordCodec.CorruptRecordException | RuntimeException unusable) {
            return false;
        }
    }

    /**
     * Reads the object the reader has just entered up to its end: whether its last {@code pid} is the
     * integral number {@code pid} and, when {@code role} is not null, its last {@code role} the string {@code role}.
     */
    private static boolean objectNamesPid(JsonReader reader, String role, long pid) throws IOException {
        boolean samePid = false;
        boolean sameRole = role == null;
        for (Token key = reader.nextToken(); key != Token.END_OBJECT; key = reader.nextToken()) {
            String name = reader.currentName();
            Token value = reader.nextToken();
            if (name.equals("pid")) {
                samePid = value == Token.VALUE_NUMBER_INT && integralAsLong(reader) == pid;
            } else if (role != null && name.equals("role")) {
                sameRole = value == Token.VALUE_STRING && role.equals(reader.getText());
            }
            reader.skipChildren();
        }
        return samePid && sameRole;
    }

    /** databind's {@code longValue()} of the number: a big integer's low 64 bits, as {@code BigInteger.longValue()}. */
    private static long integralAsLong(JsonReader reader) throws IOException {
        if (reader.getNumberType() == JsonReader.NumberType.BIG_INTEGER) {
            BigInteger big = reader.getBigIntegerValue();
            return big.longValue();
        }
        return reader.getLongValue();
    }

    /**
     * databind's {@code asBoolean(false)}: true itself, an integral number other than 0, or the text
     * "true" (trimmed); false for anything else.
     */
    private static boolean asBoolean(JsonReader reader, Token value) throws IOException {
        switch (value) {
            case VALUE_TRUE:
                return true;
            case VALUE_NUMBER_INT:
                return reader.getNumberType() == JsonReader.NumberType.BIG_INTEGER
                        ? reader.getBigIntegerValue().signum() != 0 : reader.getLongValue() != 0L;
            case VALUE_STRING:
                return reader.getText().trim().equals("true");
            default:
                return false;
        }
    }
}
