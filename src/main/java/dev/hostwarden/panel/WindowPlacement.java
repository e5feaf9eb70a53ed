package dev.hostwarden.panel;

import dev.hostwarden.core.io.JsonReader;
import dev.hostwarden.core.io.JsonReader.Token;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where and how big the window is: read from {@code window.json} in the panel's own state directory
 * at start, written there when the window hides or the panel quits, and always clamped to the screen
 * it lands on. The stage gets this size explicitly before it is shown: a scene's preferred size is not
 * enough under a window manager (JavaFX 21 then maps a 200x200 window, JDK-8316423). The file is read
 * and written with a streaming reader and writer: databind's ObjectMapper cost about 100 ms of class
 * loading on the FX thread before the first show.
 */
public record WindowPlacement(double x, double y, double width, double height, boolean maximized) {
    static final String FILE_NAME = "window.json";
    static final double DEFAULT_WIDTH = 1100;
    static final double DEFAULT_HEIGHT = 760;
    /** Below this the header and one card no longer fit; a smaller saved size is a mistake to undo. */
    static final double MIN_WIDTH = 480;
    static final double MIN_HEIGHT = 360;

    /** A screen's usable area (without panels and docks). */
    public record Area(double x, double y, double width, double height) {
    }

    /** The default size, centred on {@code screen} and clamped to it. */
    static WindowPlacement standard(Area screen) {
        return new WindowPlacement(Double.NaN, Double.NaN, DEFAULT_WIDTH, DEFAULT_HEIGHT, false).clampedTo(screen);
    }

    /**
     * This placement made to fit {@code screen}: no larger than it, no smaller than the minimum (unless
     * the screen is), and with its top-left corner on it. A placement without a position is centred.
     */
    WindowPlacement clampedTo(Area screen) {
        double w = Math.min(Math.max(width, Math.min(MIN_WIDTH, screen.width())), screen.width());
        double h = Math.min(Math.max(height, Math.min(MIN_HEIGHT, screen.height())), screen.height());
        double left = Double.isNaN(x) ? screen.x() + (screen.width() - w) / 2 : x;
        double top = Double.isNaN(y) ? screen.y() + (screen.height() - h) / 2 : y;
        left = Math.min(Math.max(left, screen.x()), screen.x() + screen.width() - w);
        top = Math.min(Math.max(top, screen.y()), screen.y() + screen.height() - h);
        return new WindowPlacement(Math.round(left), Math.round(top), Math.round(w), Math.round(h), maximized);
    }

    /** The saved placement in {@code stateDir}, if a usable one is there; anything else is ignored. */
    static Optional<WindowPlacement> load(Path stateDir) {
        Path file = stateDir.resolve(FILE_NAME);
        try {
            // A FIFO or device in its place would block the read: only a regular file is read.
            if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                return Optional.empty();
            }
            Optional<byte[]> bytes = PrivateFiles.readSmall(file);
            if (bytes.isEmpty()) {
                return Optional.empty();
            }
            WindowPlacement read = parse(new String(bytes.get(), StandardCharsets.UTF_8));
            if (read == null) {
                return Optional.empty();
            }
            boolean usable = Double.isFinite(read.width()) && Double.isFinite(read.height()) && read.width() > 0 && read.height() > 0
                    && !Double.isInfinite(read.x()) && !Double.isInfinite(read.y());
            return usable ? Optional.of(read) : Optional.empty();
        } catch (IOException | RuntimeException unusable) {
            // A damaged or foreign file only costs the remembered size.
            return Optional.empty();
        }
    }

    /** The placement in one JSON object (null when the text is not an object); what is missing or not a number is NaN. */
    private static WindowPlacement parse(String text) throws IOException {
        JsonReader reader = new JsonReader(text);
        if (reader.nextToken() != Token.START_OBJECT) {
            return null;
        }
        double x = Double.NaN;
        double y = Double.NaN;
        double width = Double.NaN;
        double height = Double.NaN;
        boolean maximized = false;
        while (reader.nextToken() == Token.FIELD_NAME) {
            String field = reader.currentName();
            Token value = reader.nextToken();
            switch (field) {
                case "x" -> x = number(reader, value);
                case "y" -> y = number(reader, value);
                case "width" -> width = number(reader, value);
                case "height" -> height = number(reader, value);
                case "maximized" -> maximized = value == Token.VALUE_TRUE || value == Token.VALUE_STRING && "true".equals(reader.getText());
                default -> reader.skipChildren();
            }
        }
        return new WindowPlacement(x, y, width, height, maximized);
    }

    /** A number, or a string holding one; anything else (an object, "wide") is NaN. */
    private static double number(JsonReader reader, Token value) throws IOException {
        if (value == Token.VALUE_NUMBER_INT || value == Token.VALUE_NUMBER_FLOAT) {
            return reader.getDoubleValue();
        }
        if (value == Token.VALUE_STRING) {
            try {
                return Double.parseDouble(reader.getText().trim());
            } catch (NumberFormatException notANumber) {
                return Double.NaN;
            }
        }
        reader.skipChildren();
        return Double.NaN;
    }

    /** Writes this placement to {@code stateDir}/window.json (0600, atomically); false when it cannot. */
    boolean save(Path stateDir) {
        String json = JsonStreams.compact(writer -> {
            writer.writeStartObject();
            writer.writeNumberField("x", x);
            writer.writeNumberField("y", y);
            writer.writeNumberField("width", width);
            writer.writeNumberField("height", height);
            writer.writeBooleanField("maximized", maximized);
            writer.writeEndObject();
        });
        try {
            Files.createDirectories(stateDir);
            PrivateFiles.writeAtomically(stateDir.resolve(FILE_NAME), (json + "\n").getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (IOException | RuntimeException unwritable) {
            return false;
        }
    }
}
