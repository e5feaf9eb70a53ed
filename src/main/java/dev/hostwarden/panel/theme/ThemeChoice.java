package dev.hostwarden.panel.theme;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** What the user asked for: follow the operating system, or always light, or always dark. */
public enum ThemeChoice {
    SYSTEM, LIGHT, DARK;

    /** The word used on the command line, in the settings file and in the menu. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The menu's label. */
    public String label() {
        return switch (this) {
            case SYSTEM -> "System";
            case LIGHT -> "Light";
            case DARK -> "Dark";
        };
    }

    /** The choice a word names, or empty when it names none (case-insensitive, surrounding blanks ignored). */
    public static Optional<ThemeChoice> parse(String word) {
        if (word == null) {
            return Optional.empty();
        }
        String wanted = word.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values()).filter(choice -> choice.word().equals(wanted)).findFirst();
    }

    /** "system, light, dark", for messages that list the valid words. */
    public static String words() {
        return Arrays.stream(values()).map(ThemeChoice::word).collect(Collectors.joining(", "));
    }
}
