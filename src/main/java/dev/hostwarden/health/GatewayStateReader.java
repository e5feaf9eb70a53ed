package dev.hostwarden.health;

import dev.hostwarden.core.io.JsonReader;
import dev.hostwarden.core.io.JsonReader.Token;
import dev.hostwarden.core.io.JsonSyntaxException;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.IoMessages;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reads {@code gateway_state.json} under the same rules as a host record: never opens anything but a
 * regular file (a FIFO would block, a device never end), at most {@link PrivateFiles#MAX_BYTES}, strict
 * UTF-8, any bytes tolerated. Read with a streaming reader field by field, so one field of
 * the wrong type loses that field, not the file. Writes nothing.
 */
public final class GatewayStateReader {
    /** The file's name in a hermes home. */
    public static final String FILE_NAME = "gateway_state.json";

    private GatewayStateReader() {
    }

    /** The file in {@code home}; empty when there is none. */
    public static Optional<GatewayState> read(Path home) {
        Path file = home.resolve(FILE_NAME);
        Optional<byte[]> bytes;
        try {
            bytes = PrivateFiles.readSmall(file);
        } catch (PrivateFiles.NotRegularFileException | PrivateFiles.OversizedFileException refused) {
            return Optional.of(GatewayState.unusable(file, refused.getMessage()));
        } catch (IOException unreadable) {
            return Optional.of(GatewayState.unusable(file, "cannot be read: " + IoMessages.describe(unreadable)));
        }
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        String text;
        try {
            text = PrivateFiles.strictUtf8(bytes.get());
        } catch (CharacterCodingException notUtf8) {
            return Optional.of(GatewayState.unusable(file, "is not valid UTF-8"));
        }
        return Optional.of(parse(file, text));
    }

    static GatewayState parse(Path file, String text) {
        try {
            JsonReader in = new JsonReader(text);
            if (in.nextToken() != Token.START_OBJECT) {
                return GatewayState.unusable(file, "is not a JSON object");
            }
            Long pid = null;
            Long startTime = null;
            String state = null;
            String exitReason = null;
            String desired = null;
            String updated = null;
            List<PlatformState> platforms = new ArrayList<>();
            while (in.nextToken() == Token.FIELD_NAME) {
                String key = in.currentName();
                Token value = in.nextToken();
                switch (key) {
                    case "pid" -> pid = whole(in, value);
                    case "start_time" -> startTime = whole(in, value);
                    case "gateway_state" -> state = text(in, value);
                    case "exit_reason" -> exitReason = text(in, value);
                    case "desired_state" -> desired = text(in, value);
                    case "updated_at" -> updated = text(in, value);
                    case "platforms" -> platforms(in, value, platforms);
                    default -> in.skipChildren();
                }
            }
            in.expectEnd();
            return new GatewayState(file, pid, startTime, state, exitReason, desired, updated, platforms, null);
        } catch (JsonSyntaxException notJson) {
            return GatewayState.unusable(file, "is not valid JSON (" + notJson.getMessage() + ")");
        } catch (IOException | RuntimeException unreadable) {
            return GatewayState.unusable(file, "cannot be read: " + unreadable.getMessage());
        }
    }

    private static void platforms(JsonReader in, Token value, List<PlatformState> into) throws IOException {
        if (value != Token.START_OBJECT) {
            in.skipChildren();
            return;
        }
        while (in.nextToken() == Token.FIELD_NAME) {
            String key = in.currentName();
            Token entry = in.nextToken();
            if (entry != Token.START_OBJECT) {
                in.skipChildren();
                continue;
            }
            int colon = key.indexOf(':');
            String profile = colon > 0 ? key.substring(0, colon) : PlatformState.DEFAULT_PROFILE;
            String name = colon > 0 ? key.substring(colon + 1) : key;
            String state = null;
            String code = null;
            String message = null;
            boolean attention = false;
            String retrying = null;
            String updated = null;
            while (in.nextToken() == Token.FIELD_NAME) {
                String field = in.currentName();
                Token fieldValue = in.nextToken();
                switch (field) {
                    case "state" -> state = text(in, fieldValue);
                    case "error_code" -> code = text(in, fieldValue);
                    case "error_message" -> message = text(in, fieldValue);
                    case "needs_attention" -> attention = fieldValue == Token.VALUE_TRUE;
                    case "retrying_since" -> retrying = text(in, fieldValue);
                    case "updated_at" -> updated = text(in, fieldValue);
                    default -> in.skipChildren();
                }
            }
            into.add(new PlatformState(printable(name), printable(profile), state, code, message, attention, retrying, updated));
        }
    }

    /** A string value; a number stands as its text (hermes writes codes either way); anything else is skipped. */
    private static String text(JsonReader in, Token value) throws IOException {
        return switch (value) {
            case VALUE_STRING -> printable(in.getText());
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> in.getText();
            default -> {
                in.skipChildren();
                yield null;
            }
        };
    }

    private static Long whole(JsonReader in, Token value) throws IOException {
        if (value == Token.VALUE_NUMBER_INT) {
            try {
                return in.getLongValue();
            } catch (IOException outOfRange) {
                return null;
            }
        }
        if (value == Token.VALUE_NUMBER_FLOAT && Double.isFinite(in.getDoubleValue()) && Math.abs(in.getDoubleValue()) < 9e15) {
            return Math.round(in.getDoubleValue());
        }
        in.skipChildren();
        return null;
    }

    /** Control characters (a line break, an escape) would reach a terminal or a one-line log as they are. */
    private static String printable(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), 1000));
        for (int i = 0; i < text.length() && out.length() < 1000; i++) {
            char c = text.charAt(i);
            out.append(Character.isISOControl(c) ? ' ' : c);
        }
        return out.toString();
    }
}
