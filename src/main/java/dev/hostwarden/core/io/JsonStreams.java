package dev.hostwarden.core.io;

import java.math.BigDecimal;

/**
 * This program's JSON in its house style, read with {@link JsonReader} and written with {@link
 * JsonWriter}. Everything on the {@code status} path reads and writes through here and loads no JSON
 * library: {@code status} is polled in a fresh JVM each time. {@link JsonTrees} builds databind
 * trees on top of this for the files and messages that want them.
 */
public final class JsonStreams {
    private JsonStreams() {
    }

    /** Writes one JSON document with the writer it is given. */
    @FunctionalInterface
    public interface Document {
        void writeTo(JsonWriter writer);
    }

    /** Compact form, as hermes writes its files. */
    public static String compact(Document document) {
        return write(document, JsonWriter.compact());
    }

    /** Indented form for people reading the command line's output. */
    public static String pretty(Document document) {
        return write(document, JsonWriter.pretty());
    }

    private static String write(Document document, JsonWriter writer) {
        document.writeTo(writer);
        return writer.toString();
    }

    /** Writes a double as Python does: plain decimal (1764400000.5, never 1.7644000005E9). */
    public static void writeDecimal(JsonWriter writer, double value) {
        writer.writeNumber(plainDecimal(value));
    }

    /** A finite double in plain decimal notation, keeping a ".0" on whole numbers as Python does. */
    public static String plainDecimal(double value) {
        String plain = BigDecimal.valueOf(value).toPlainString();
        return plain.contains(".") ? plain : plain + ".0";
    }
}
