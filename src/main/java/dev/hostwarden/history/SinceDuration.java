package dev.hostwarden.history;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A look-back such as {@code 90s}, {@code 30m}, {@code 24h} or {@code 7d}: a whole number and a unit. */
public final class SinceDuration {
    private static final Pattern FORM = Pattern.compile("([0-9]{1,9})([smhd])");

    private SinceDuration() {
    }

    /** The duration, or null when the text is not of that form. */
    public static Duration parse(String text) {
        Matcher match = FORM.matcher(text == null ? "" : text.strip());
        if (!match.matches()) {
            return null;
        }
        long amount = Long.parseLong(match.group(1));
        return switch (match.group(2)) {
            case "s" -> Duration.ofSeconds(amount);
            case "m" -> Duration.ofMinutes(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofDays(amount);
        };
    }
}
