package dev.hostwarden.core.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigInteger;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The writer against jackson-core's generator, which wrote every file and {@code --json} document
 * before it (pretty with the two-space indenter this program configured): the same calls give the
 * same characters, compact and pretty, over seeded random documents with every kind of value,
 * empty and nested containers, and strings holding quotes, control characters, non-ASCII text and
 * lone surrogates.
 */
class JsonWriterTest {
    private static final long SEED = 0x2026_1203_2L;
    private static final String[] TEXTS = {"", "plain", "quote \" and \\ backslash", "slash /", "tab\tnew\nline\rcr", "\b\f\u0000\u0001\u001f\u007f",
        "h\u00e9llo w\u00f6rld", "\ud83d\ude00", "lone \ud800 surrogate", "\udcff", "</script>", "\u2028\u2029"};

    @Test
    void writesWhatJacksonWrote() throws IOException {
        Random random = new Random(SEED);
        for (int round = 0; round < 2_000; round++) {
            long seed = random.nextLong();
            for (boolean pretty : new boolean[] {false, true}) {
                JsonWriter ours = pretty ? JsonWriter.pretty() : JsonWriter.compact();
                StringWriter theirs = new StringWriter();
                try (JsonGenerator generator = new JsonFactory().createGenerator(theirs)) {
                    if (pretty) {
                        DefaultPrettyPrinter printer = new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n"));
                        printer.indentArraysWith(new DefaultIndenter("  ", "\n"));
                        generator.setPrettyPrinter(printer);
                    }
                    Random document = new Random(seed);
                    if (document.nextBoolean()) {
                        object(document, 0, ours, generator);
                    } else {
                        array(document, 0, ours, generator);
                    }
                }
                assertEquals(theirs.toString(), ours.toString(), "seed " + seed + (pretty ? ", pretty" : ", compact"));
            }
        }
    }

    private static void object(Random random, int depth, JsonWriter ours, JsonGenerator theirs) throws IOException {
        ours.writeStartObject();
        theirs.writeStartObject();
        for (int members = random.nextInt(depth > 3 ? 2 : 5); members > 0; members--) {
            String name = TEXTS[random.nextInt(TEXTS.length)];
            switch (random.nextInt(5)) {
                case 0 -> {
                    String value = random.nextInt(4) == 0 ? null : TEXTS[random.nextInt(TEXTS.length)];
                    ours.writeStringField(name, value);
                    theirs.writeStringField(name, value);
                }
                case 1 -> {
                    long value = random.nextLong() >> random.nextInt(64);
                    ours.writeNumberField(name, value);
                    theirs.writeNumberField(name, value);
                }
                case 2 -> {
                    boolean value = random.nextBoolean();
                    ours.writeBooleanField(name, value);
                    theirs.writeBooleanField(name, value);
                }
                case 3 -> {
                    ours.writeNullField(name);
                    theirs.writeNullField(name);
                }
                default -> {
                    ours.writeFieldName(name);
                    theirs.writeFieldName(name);
                    value(random, depth + 1, ours, theirs);
                }
            }
        }
        ours.writeEndObject();
        theirs.writeEndObject();
    }

    private static void array(Random random, int depth, JsonWriter ours, JsonGenerator theirs) throws IOException {
        ours.writeStartArray();
        theirs.writeStartArray();
        for (int items = random.nextInt(depth > 3 ? 2 : 5); items > 0; items--) {
            value(random, depth + 1, ours, theirs);
        }
        ours.writeEndArray();
        theirs.writeEndArray();
    }

    private static void value(Random random, int depth, JsonWriter ours, JsonGenerator theirs) throws IOException {
        switch (random.nextInt(9)) {
            case 0 -> object(random, depth, ours, theirs);
            case 1 -> array(random, depth, ours, theirs);
            case 2 -> {
                String text = TEXTS[random.nextInt(TEXTS.length)];
                ours.writeString(text);
                theirs.writeString(text);
            }
            case 3 -> {
                long number = random.nextLong() >> random.nextInt(64);
                ours.writeNumber(number);
                theirs.writeNumber(number);
            }
            case 4 -> {
                BigInteger big = new BigInteger(100, random).negate();
                ours.writeNumber(big);
                theirs.writeNumber(big);
            }
            case 5 -> {
                String decimal = JsonStreams.plainDecimal(random.nextDouble() * 2e9);
                ours.writeNumber(decimal);
                theirs.writeNumber(decimal);
            }
            case 6 -> {
                double number = switch (random.nextInt(4)) {
                    case 0 -> Double.NaN;
                    case 1 -> 1e300 * random.nextDouble();
                    default -> random.nextDouble() - 0.5;
                };
                ours.writeNumber(number);
                theirs.writeNumber(number);
            }
            case 7 -> {
                boolean value = random.nextBoolean();
                ours.writeBoolean(value);
                theirs.writeBoolean(value);
            }
            default -> {
                ours.writeNull();
                theirs.writeNull();
            }
        }
    }
}
