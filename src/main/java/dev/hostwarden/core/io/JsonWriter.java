package dev.hostwarden.core.io;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * Writes one JSON document, compact (as hermes writes its files) or indented (the command line's
 * output: two spaces, {@code "key" : value}, empty containers as {@code { }} and {@code [ ]}). The
 * output is byte for byte what jackson-core's generator wrote with the pretty printer this program
 * used, so scripts reading {@code --json} see no change; {@code JsonWriterTest} holds the two to it.
 */
public final class JsonWriter {
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();

    private final StringBuilder out = new StringBuilder(256);
    private final boolean pretty;
    /** Per open container, innermost last: how many members it has so far. */
    private int[] members = new int[16];
    private int depth;
    /** A field name was just written; its value follows without a separator. */
    private boolean afterName;

    private JsonWriter(boolean pretty) {
        this.pretty = pretty;
    }

    public static JsonWriter compact() {
        return new JsonWriter(false);
    }

    public static JsonWriter pretty() {
        return new JsonWriter(true);
    }

    @Override
    public String toString() {
        return out.toString();
    }

    public void writeStartObject() {
        beforeValue();
        open('{');
    }

    public void writeEndObject() {
        close('}');
    }

    public void writeStartArray() {
        beforeValue();
        open('[');
    }

    public void writeEndArray() {
        close(']');
    }

    public void writeFieldName(String name) {
        separateMember();
        quoted(name);
        out.append(pretty ? " : " : ":");
        afterName = true;
    }

    public void writeString(String value) {
        beforeValue();
        quoted(value);
    }

    public void writeNumber(long value) {
        beforeValue();
        out.append(value);
    }

    public void writeNumber(BigInteger value) {
        beforeValue();
        out.append(value);
    }

    /** A double as Java writes it (1.5, 1.0E10); one that is not finite as a string, as jackson-core writes it. */
    public void writeNumber(double value) {
        if (Double.isFinite(value)) {
            writeNumber(Double.toString(value));
        } else {
            writeString(Double.toString(value));
        }
    }

    /** A number already in its JSON form (a decimal written as Python writes it). */
    public void writeNumber(String literal) {
        beforeValue();
        out.append(literal);
    }

    public void writeBoolean(boolean value) {
        beforeValue();
        out.append(value);
    }

    public void writeNull() {
        beforeValue();
        out.append("null");
    }

    public void writeStringField(String name, String value) {
        writeFieldName(name);
        if (value == null) {
            writeNull();
        } else {
            writeString(value);
        }
    }

    public void writeNumberField(String name, long value) {
        writeFieldName(name);
        writeNumber(value);
    }

    /** The number, or null when there is none (as {@link #writeStringField} writes a null string). */
    public void writeNumberFieldOrNull(String name, Long value) {
        if (value == null) {
            writeNullField(name);
        } else {
            writeNumberField(name, value.longValue());
        }
    }

    public void writeNumberField(String name, double value) {
        writeFieldName(name);
        writeNumber(value);
    }

    public void writeBooleanField(String name, boolean value) {
        writeFieldName(name);
        writeBoolean(value);
    }

    public void writeNullField(String name) {
        writeFieldName(name);
        writeNull();
    }

    public void writeArrayFieldStart(String name) {
        writeFieldName(name);
        writeStartArray();
    }

    public void writeObjectFieldStart(String name) {
        writeFieldName(name);
        writeStartObject();
    }

    private void open(char bracket) {
        out.append(bracket);
        if (depth == members.length) {
            members = Arrays.copyOf(members, depth * 2);
        }
        members[depth++] = 0;
    }

    private void close(char bracket) {
        int count = members[--depth];
        if (pretty) {
            if (count > 0) {
                newLine();
            } else {
                out.append(' ');
            }
        }
        out.append(bracket);
    }

    /** A value in an array is a member of it; a value after a field name belongs to that field. */
    private void beforeValue() {
        if (afterName) {
            afterName = false;
            return;
        }
        if (depth > 0) {
            separateMember();
        }
    }

    private void separateMember() {
        if (members[depth - 1]++ > 0) {
            out.append(',');
        }
        if (pretty) {
            newLine();
        }
    }

    private void newLine() {
        out.append('\n');
        for (int i = 0; i < depth; i++) {
            out.append("  ");
        }
    }

    /** A string in quotes, escaped as jackson-core escapes it: quote, backslash and control characters only. */
    private void quoted(String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\f' -> out.append("\\f");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 0xF]);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
