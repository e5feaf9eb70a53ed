package dev.hostwarden.core;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The wire form of a record: hermes' camelCase keys in hermes' order, read field by field with
 * hermes' coercion rules so one bad field never loses the record.
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

    /** Parses a JSON document into an object node, with a plain-language error for the user. */
    public static ObjectNode parseObject(byte[] bytes) throws CorruptRecordException {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.startsWith("\uFEFF")) {
            text = text.substring(1);
        }
        if (text.isBlank()) {
            throw new CorruptRecordException("the file is empty");
        }
        JsonNode node;
        try {
            node = JsonTrees.parse(text);
        } catch (JsonTrees.TrailingContentException trailing) {
            var location = trailing.getLocation();
            throw new CorruptRecordException("unexpected content after the JSON document at line "
                    + location.getLineNr() + ", column " + location.getColumnNr());
        } catch (JsonParseException syntax) {
            var location = syntax.getLocation();
            throw new CorruptRecordException("not valid JSON at line " + location.getLineNr() + ", column " + location.getColumnNr());
        } catch (IOException other) {
            throw new CorruptRecordException("not valid JSON");
        }
        if (node == null || !node.isObject()) {
            throw new CorruptRecordException("the JSON document is " + describeType(node) + ", not an object");
        }
        return (ObjectNode) node;
    }

    public static HostRecord decode(byte[] bytes) throws CorruptRecordException {
        return fromNode(parseObject(bytes));
    }

    public static HostRecord fromNode(ObjectNode node) throws CorruptRecordException {
        JsonNode roleNode = node.get("role");
        if (roleNode == null || !roleNode.isTextual()) {
            throw new CorruptRecordException("the required field \"role\" is " + (roleNode == null ? "missing" : describeType(roleNode)));
        }
        Role role;
        try {
            role = Role.parse(roleNode.textValue());
        } catch (IllegalArgumentException unknown) {
            throw new CorruptRecordException("the field \"role\" names an unknown role '" + roleNode.textValue() + "'");
        }
        JsonNode pidNode = node.get("pid");
        if (pidNode == null || !pidNode.isIntegralNumber() || !pidNode.canConvertToLong() || pidNode.longValue() <= 0
                || pidNode.longValue() > Integer.MAX_VALUE) {
            throw new CorruptRecordException("the required field \"pid\" is " + (pidNode == null ? "missing" : "invalid (" + pidNode + ")"));
        }
        return new HostRecord(
                role,
                text(node.get("home")),
                pidNode.longValue(),
                number(node.get("createTime")),
                positiveLong(node.get("startTime")),
                text(node.get("bootEpoch")),
                text(node.get("host")),
                port(node.get("port")),
                integer(node.get("protocolVersion")),
                text(node.get("tokenFingerprint")),
                strings(node.get("profiles")),
                text(node.get("updatedAt")));
    }

    /** The record as hermes writes it: camelCase keys in hermes' order. */
    public static ObjectNode toNode(HostRecord record) {
        ObjectNode node = JsonTrees.object();
        node.put("role", record.role().wireName());
        node.put("home", record.home());
        node.put("pid", record.pid());
        if (record.createTime() == null) {
            node.putNull("createTime");
        } else {
            node.put("createTime", record.createTime());
        }
        if (record.startTime() == null) {
            node.putNull("startTime");
        } else {
            node.put("startTime", record.startTime());
        }
        node.put("bootEpoch", record.bootEpoch());
        node.put("host", record.host());
        if (record.port() == null) {
            node.putNull("port");
        } else {
            node.put("port", record.port());
        }
        node.put("protocolVersion", record.protocolVersion());
        node.put("tokenFingerprint", record.tokenFingerprint());
        ArrayNode profiles = node.putArray("profiles");
        record.profiles().forEach(profiles::add);
        node.put("updatedAt", record.updatedAt());
        return node;
    }

    public static byte[] encode(HostRecord record) {
        return JsonTrees.compact(toNode(record)).getBytes(StandardCharsets.UTF_8);
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.textValue() : "";
    }

    private static Double number(JsonNode node) {
        return node != null && node.isNumber() && Double.isFinite(node.doubleValue()) ? node.doubleValue() : null;
    }

    private static Long positiveLong(JsonNode node) {
        return node != null && node.isIntegralNumber() && node.canConvertToLong() && node.longValue() > 0 ? node.longValue() : null;
    }

    private static Integer port(JsonNode node) {
        return node != null && node.isIntegralNumber() && node.canConvertToInt() && node.intValue() >= 1 && node.intValue() <= 65535
                ? node.intValue() : null;
    }

    private static int integer(JsonNode node) {
        return node != null && node.isIntegralNumber() && node.canConvertToInt() ? node.intValue() : 0;
    }

    private static List<String> strings(JsonNode node) {
        List<String> values = new ArrayList<>();
        if (node != null && node.isArray()) {
            node.forEach(item -> {
                if (item.isTextual()) {
                    values.add(item.textValue());
                }
            });
        }
        return values;
    }

    static String describeType(JsonNode node) {
        if (node == null || node.isMissingNode()) {
            return "missing";
        }
        return switch (node.getNodeType()) {
            case ARRAY -> "an array";
            case BOOLEAN -> "a boolean";
            case NULL -> "null";
            case NUMBER -> "a number";
            case STRING -> "a string";
            case OBJECT -> "an object";
            default -> "of an unexpected type";
        };
    }
}
