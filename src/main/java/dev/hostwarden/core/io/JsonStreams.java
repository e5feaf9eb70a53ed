package dev.hostwarden.core.io;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;

/**
 * jackson-core's streaming parser and generator in this program's house style. Everything on the
 * {@code status} path reads and writes through here and never touches databind: {@code status} is
 * polled in a fresh JVM each time, and loading databind's classes is a cost that path does not pay.
 * {@link JsonTrees} builds databind trees on top of this for the files and messages that want them.
 */
public final class JsonStreams {
    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonStreams() {
    }

    /** Writes one JSON document with the generator it is given. */
    @FunctionalInterface
    public interface Document {
        void writeTo(JsonGenerator generator) throws IOException;
    }

    public static JsonParser parser(String text) throws IOException {
        return FACTORY.createParser(text);
    }

    /**
     * Checks that {@code parser} has consumed the whole input after one complete document; anything
     * after it but white space is a {@link TrailingContentException}.
     */
    public static void expectEnd(JsonParser parser) throws IOException {
        try {
            if (parser.nextToken() == null) {
                return;
            }
        } catch (JsonParseException notAToken) {
            // "{...}garbage": the document was complete, what follows it is the fault.
        }
        throw new TrailingContentException(parser);
    }

    /** Content after the JSON document: a torn write or two concatenated documents. */
    public static final class TrailingContentException extends JsonParseException {
        TrailingContentException(JsonParser parser) {
            super(parser, "trailing content");
        }
    }

    /** Compact form, as hermes writes its files. */
    public static String compact(Document document) {
        return write(document, false);
    }

    /** Indented form for people reading the command line's output. */
    public static String pretty(Document document) {
        return write(document, true);
    }

    private static String write(Document document, boolean pretty) {
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(text)) {
            if (pretty) {
                DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
                printer.indentArraysWith(new DefaultIndenter("  ", "\n"));
                generator.setPrettyPrinter(printer);
            }
            document.writeTo(generator);
        } catch (IOException impossible) {
            throw new IllegalStateException(impossible);
        }
        return text.toString();
    }

    /** Writes a double as Python does: plain decimal (1764400000.5, never 1.7644000005E9). */
    public static void writeDecimal(JsonGenerator generator, double value) throws IOException {
        generator.writeNumber(plainDecimal(value));
    }

    /** A finite double in plain decimal notation, keeping a ".0" on whole numbers as Python does. */
    public static String plainDecimal(double value) {
        String plain = BigDecimal.valueOf(value).toPlainString();
        return plain.contains(".") ? plain : plain + ".0";
    }
}
