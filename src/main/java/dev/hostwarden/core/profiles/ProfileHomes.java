package dev.hostwarden.core.profiles;

import dev.hostwarden.core.platform.IoMessages;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The homes under one {@code HERMES_HOME}: the root as profile "default" and every directory in
 * {@code profiles/}. Read-only; a home that cannot be read or has an odd name is listed with why.
 */
public final class ProfileHomes {
    public static final String DEFAULT = "default";
    /** hermes' profile id rule as we reconstruct it (lowercase letters, digits, '_' and '-', at most 64). */
    private static final Pattern HERMES_NAME = Pattern.compile("[a-z0-9][a-z0-9_-]{0,63}");

    private ProfileHomes() {
    }

    /** One home; {@code problem} is "" when it can be read and its name is one hermes accepts, else why not. */
    public record Home(String name, Path home, boolean readable, String problem) {
        static Home of(String name, Path home) {
            String unreadable = readProblem(home);
            return new Home(name, home, unreadable.isEmpty(), unreadable.isEmpty() && !name.equals(DEFAULT) ? nameProblem(name) : unreadable);
        }
    }

    /**
     * Every home found; {@code problem} is "" or why the homes themselves cannot be read (the root
     * is not a directory, or {@code profiles/} cannot be listed), then {@code homes} holds what could be seen.
     */
    public record Listing(Path root, List<Home> homes, String problem) {
    }

    public static Listing list(Path root) {
        Path absolute = root.toAbsolutePath().normalize();
        List<Home> homes = new ArrayList<>();
        if (!Files.isDirectory(absolute)) {
            String why = Files.exists(absolute) ? "HERMES_HOME " + absolute + " is not a directory" : "HERMES_HOME " + absolute + " does not exist";
            return new Listing(absolute, homes, why);
        }
        homes.add(Home.of(DEFAULT, absolute));
        if (!homes.get(0).readable()) {
            return new Listing(absolute, homes, "HERMES_HOME " + absolute + " " + homes.get(0).problem());
        }
        Path dir = absolute.resolve("profiles");
        List<Home> named = new ArrayList<>();
        String problem = "";
        try (DirectoryStream<Path> children = Files.newDirectoryStream(dir)) {
            for (Path child : children) {
                if (Files.isDirectory(child)) {
                    named.add(Home.of(child.getFileName().toString(), child));
                }
            }
        } catch (NoSuchFileException none) {
            // No profiles/ directory: only the root home.
        } catch (IOException | RuntimeException unlistable) {
            problem = "the profiles directory " + dir + " cannot be read: " + describe(unlistable);
        }
        named.sort(Comparator.comparing(Home::name));
        homes.addAll(named);
        return new Listing(absolute, homes, problem);
    }

    /** The names a multiplexer serves: "default" and every readable profile home with a name hermes accepts. */
    public static List<String> servable(Path root) {
        List<String> names = new ArrayList<>();
        for (Home home : list(root).homes()) {
            if (home.problem().isEmpty()) {
                names.add(home.name());
            }
        }
        return names;
    }

    /** "" for a name hermes accepts, else why not (the name shown escaped, on one line). */
    public static String nameProblem(String name) {
        if (HERMES_NAME.matcher(name).matches()) {
            return "";
        }
        return "odd name '" + printable(name) + "': hermes names profiles with lowercase letters, digits, '_' and '-' "
                + "(at most 64, starting with a letter or digit)";
    }

    /** Control characters and line breaks escaped, so a name always prints on one line. */
    public static String printable(String text) {
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(c -> {
            if (c == '\n') {
                out.append("\\n");
            } else if (c == '\t') {
                out.append("\\t");
            } else if (Character.isISOControl(c) || Character.getType(c) == Character.FORMAT) {
                out.append(String.format("\\u%04x", c));
            } else {
                out.appendCodePoint(c);
            }
        });
        return out.toString();
    }

    private static String readProblem(Path home) {
        try (DirectoryStream<Path> ignored = Files.newDirectoryStream(home)) {
            return "";
        } catch (IOException | RuntimeException unreadable) {
            return "cannot be read: " + describe(unreadable);
        }
    }

    private static String describe(Exception failure) {
        return failure instanceof IOException io ? IoMessages.describe(io) : String.valueOf(failure.getMessage());
    }
}
