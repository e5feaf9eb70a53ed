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
        JsonReader parser = JsonStreams.parser(text);
        Token first = parser.nextToken();
        if (first == null) {
            throw new JsonSyntaxException("no content", 1, 1);
        }
        JsonNode value = read(parser, first);
        parser.expectEnd();
        return value;
    }

    private static JsonNode read(JsonReader parser, Token token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (Token next = parser.nextToken(); next != Token.END_OBJECT; next = parser.nextToken()) {
                    String name = parser.currentName();
                    object.set(name, read(parser, parser.nextToken()));
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = NODES.arrayNode();
                for (Token next = parser.nextToken(); next != Token.END_ARRAY; next = parser.nextToken()) {
                    array.add(read(parser, next));
                }
                return array;
            }
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                return parser.getNumberType() == JsonReader.NumberType.BIG_INTEGER
                        ? NODES.numberNode(parser.getBigIntegerValue()) : NODES.numberNode(parser.getLongValue());
            case VALUE_NUMBER_FLOAT:
                return NODES.numberNode(parser.getDoubleValue());
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
        return JsonStreams.compact(generator -> write(generator, node));
    }

    /** Indented form for people reading the command line's output. */
    public static String pretty(JsonNode node) {
        return JsonStreams.pretty(generator -> write(generator, node));
    }

    private static void write(JsonWriter generator, JsonNode node) throws IOException {
        switch (node.getNodeType()) {
            case OBJECT: {
                generator.writeStartObject();
                for (Map.Entry<String, JsonNode> field : node.properties()) {
                    generator.writeFieldName(field.getKey());
                    write(generator, field.getValue());
                }
                generator.writeEndObject();
                break;
            }
            case ARRAY: {
                generator.writeStartArray();
                for (JsonNode item : node) {
                    write(generator, item);
                }
                generator.writeEndArray();
                break;
            }
            case STRING:
                generator.writeString(node.textValue());
                break;
            case NUMBER:
                if (node.isIntegralNumber()) {
                    if (node.canConvertToLong()) {
                        generator.writeNumber(node.longValue());
                    } else {
                        generator.writeNumber(node.bigIntegerValue());
                    }
                } else {
                    JsonStreams.writeDecimal(generator, node.doubleValue());
                }
                break;
            case BOOLEAN:
                generator.writeBoolean(node.booleanValue());
                break;
            default:
                generator.writeNull();
        }
    }
}
