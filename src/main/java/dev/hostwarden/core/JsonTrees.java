package dev.hostwarden.core;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.StringWriter;
import java.util.Map;

/**
 * JSON trees read and written with jackson-core's streaming API. The command line starts a fresh JVM
 * for every call, and databind's {@code ObjectMapper} setup alone costs more than our whole status
 * budget; the tree types stay databind's, only the (de)serialisation machinery is bypassed.
 */
public final class JsonTrees {
    private static final JsonFactory FACTORY = new JsonFactory();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private JsonTrees() {
    }

    public static ObjectNode object() {
        return NODES.objectNode();
    }

    /** Parses exactly one JSON value; anything after it (but white space) is an error. */
    public static JsonNode parse(String text) throws IOException {
        try (JsonParser parser = FACTORY.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                throw new com.fasterxml.jackson.core.JsonParseException(parser, "no content");
            }
            JsonNode value = read(parser, first);
            JsonToken after;
            try {
                after = parser.nextToken();
            } catch (com.fasterxml.jackson.core.JsonParseException notAToken) {
                // "{...}garbage": the document was complete, what follows it is the fault.
                throw new TrailingContentException(parser);
            }
            if (after != null) {
                throw new TrailingContentException(parser);
            }
            return value;
        }
    }

    /** Content after the JSON document: a torn write or two concatenated documents. */
    public static final class TrailingContentException extends com.fasterxml.jackson.core.JsonParseException {
        TrailingContentException(JsonParser parser) {
            super(parser, "trailing content");
        }
    }

    private static JsonNode read(JsonParser parser, JsonToken token) throws IOException {
        switch (token) {
            case START_OBJECT: {
                ObjectNode object = NODES.objectNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_OBJECT; next = parser.nextToken()) {
                    String name = parser.currentName();
                    object.set(name, read(parser, parser.nextToken()));
                }
                return object;
            }
            case START_ARRAY: {
                ArrayNode array = NODES.arrayNode();
                for (JsonToken next = parser.nextToken(); next != JsonToken.END_ARRAY; next = parser.nextToken()) {
                    array.add(read(parser, next));
                }
                return array;
            }
            case VALUE_STRING:
                return NODES.textNode(parser.getText());
            case VALUE_NUMBER_INT:
                return parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
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
                throw new com.fasterxml.jackson.core.JsonParseException(parser, "unexpected token " + token);
        }
    }

    /** A finite double in plain decimal notation, keeping a ".0" on whole numbers as Python does. */
    public static String plainDecimal(double value) {
        String plain = java.math.BigDecimal.valueOf(value).toPlainString();
        return plain.contains(".") ? plain : plain + ".0";
    }

    /** Compact form, as hermes writes its files. */
    public static String compact(JsonNode node) {
        return write(node, false);
    }

    /** Indented form for people reading the command line's output. */
    public static String pretty(JsonNode node) {
        return write(node, true);
    }

    private static String write(JsonNode node, boolean pretty) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(text)) {
            if (pretty) {
                DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
                printer.indentArraysWith(new DefaultIndenter("  ", "\n"));
                generator.setPrettyPrinter(printer);
            }
            write(generator, node);
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
        return text.toString();
    }

    private static void write(JsonGenerator generator, JsonNode node) throws IOException {
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
                    // Plain decimal as Python writes it (1764400000.5), never 1.7644000005E9.
                    generator.writeNumber(plainDecimal(node.doubleValue()));
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
