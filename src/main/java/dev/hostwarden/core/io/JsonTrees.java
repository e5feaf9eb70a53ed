package dev.hostwarden.core.io;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonReader.Token;
import java.io.IOException;
import java.util.Map;

/**
 * databind's JSON trees, read and written with this program's own streaming reader and writer
 * ({@link JsonStreams}): databind's {@code ObjectMapper} set-up alone costs a fresh JVM more than the
 * whole command, so only the tree types are databind's.
 */
public final class JsonTrees {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() {
    }

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /** Parses exactly one JSON value; anything after it (but white space) is a {@link JsonSyntaxException.TrailingContent}. */
    public static JsonNode parse(String text) throws IOException {
        JsonReader reader = new JsonReader(text);
        Token first = reader.nextToken();
        if (first == null) {
            throw new JsonSyntaxException("no content", 1, 1);
        }
        JsonNode value = read(reader, first);
        reader.expectEnd();
        return value;
    }

    private static JsonNode read(JsonReader reader, Token token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (Token next = reader.nextToken(); next != Token.END_OBJECT; next = reader.nextToken()) {
                    String name = reader.currentName();
                    object.set(name, read(reader, reader.nextToken()));
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = NODES.arrayNode();
                for (Token next = reader.nextToken(); next != Token.END_ARRAY; next = reader.nextToken()) {
                    array.add(read(reader, next));
                }
                return array;
            }
            case VALUE_STRING:
                return NODES.textNode(reader.getText());
            case VALUE_NUMBER_INT:
                return reader.getNumberType() == JsonReader.NumberType.BIG_INTEGER
                        ? NODES.numberNode(reader.getBigIntegerValue()) : NODES.numberNode(reader.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(reader.getDoubleValue());
            case VALUE_TRUE:
                return NODES.booleanNode(true);
            case VALUE_FALSE:
                return NODES.booleanNode(false);
            case VALUE_NULL:
                return NODES.nullNode();
            default:
                throw new IllegalStateException("a value cannot start with " + token);
        }
    }

    /** Compact form, as hermes writes its files. */
    public static String compact(JsonNode node) {
        return JsonStreams.compact(writer -> write(writer, node));
    }

    /** Indented form for people reading the command line's output. */
    public static String pretty(JsonNode node) {
        return JsonStreams.pretty(writer -> write(writer, node));
    }

    private static void write(JsonWriter writer, JsonNode node) {
        switch (node.getNodeType()) {
            case OBJECT: {
                writer.writeStartObject();
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    writer.writeFieldName(field.getKey());
                    write(writer, field.getValue());
                }
                writer.writeEndObject();
                break;
            }
            case ARRAY: {
                writer.writeStartArray();
                for (JsonNode item : node) {
                    write(writer, item);
                }
                writer.writeEndArray();
                break;
            }
            case STRING:
                writer.writeString(node.textValue());
                break;
            case NUMBER:
                if (node.isIntegralNumber()) {
                    if (node.canConvertToLong()) {
                        writer.writeNumber(node.longValue());
                    } else {
                        writer.writeNumber(node.bigIntegerValue());
                    }
                } else {
                    JsonStreams.writeDecimal(writer, node.doubleValue());
                }
                break;
            case BOOLEAN:
                writer.writeBoolean(node.booleanValue());
                break;
            default:
                writer.writeNull();
        }
    }
}
