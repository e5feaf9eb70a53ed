package dev.hostwarden.core.record;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** hermes' profile homes: the launch home and the named profiles under {@code <root>/profiles}. */
public final class HermesHome {
    private HermesHome() {
    }

    /** The launch home: {@code HERMES_HOME}, else {@code ~/.hermes} (POSIX) or {@code %LOCALAPPDATA%\hermes}. */
    public static Path resolve(Environment env) {
        var explicit = env.get("HERMES_HOME");
        if (explicit.isPresent()) {
            return Path.of(explicit.get()).toAbsolutePath().normalize();
        }
        if (Platform.current().family() == Platform.Family.WINDOWS) {
            return env.get("LOCALAPPDATA").map(local -> Path.of(local, "hermes"))
                    .orElse(Path.of(env.realHome(), "AppData", "Local", "hermes"));
        }
        return Path.of(env.realHome(), ".hermes");
    }

    /** The home a record's owner was launched from; the default root when the record has none. */
    public static Path ownerHome(HostRecord record) {
        return record.home().isEmpty() ? resolve(Environment.system()) : Path.of(record.home());
    }

    /** A named home: "default" is the root, anything else {@code <root>/profiles/<name>}. */
    public record Profile(String name, Path home) {
    }

    /** The root home as profile "default" and every directory under {@code profiles/}. */
    public static List<Profile> profiles(Path root) {
        List<Profile> profiles = new ArrayList<>();
        profiles.add(new Profile("default", root));
        Path dir = root.resolve("profiles");
        if (Files.isDirectory(dir)) {
            try (Stream<Path> children = Files.list(dir)) {
                children.filter(Files::isDirectory).sorted()
                        .forEach(child -> profiles.add(new Profile(child.getFileName().toString(), child)));
            } catch (IOException unreadable) {
                // Show what we have: the root profile.
            }
        }
        return profiles;
    }
}
