package dev.hostwarden.core.profiles;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code KEY=VALUE} lines of a home's {@code .env} as python-dotenv reads the simple cases:
 * {@code export} before a key, blank lines and {@code #} comments skipped, one pair of matching
 * quotes around a value removed, an inline {@code #} comment after an unquoted value dropped.
 */
public final class DotEnv {
    private DotEnv() {
    }

    public static Map<String, String> parse(String text) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String raw : text.split("\\R")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("export ")) {
                line = line.substring("export ".length()).strip();
            }
            int equals = line.indexOf('=');
            if (equals <= 0) {
                continue;
            }
            String key = line.substring(0, equals).strip();
            String value = line.substring(equals + 1).strip();
            if (value.length() >= 2 && (value.charAt(0) == '"' || value.charAt(0) == '\'') && value.charAt(value.length() - 1) == value.charAt(0)) {
                value = value.substring(1, value.length() - 1);
            } else {
                int comment = value.indexOf(" #");
                if (comment >= 0) {
                    value = value.substring(0, comment).strip();
                }
            }
            values.put(key, value);
        }
        return values;
    }
}
