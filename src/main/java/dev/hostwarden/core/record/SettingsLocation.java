package dev.hostwarden.core.record;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where Hostwarden's settings file is: HOSTWARDEN_SETTINGS, else {@code $XDG_CONFIG_HOME/hostwarden/},
 * else {@code %APPDATA%\\hostwarden\\} on Windows, else {@code ~/.config/hostwarden/settings.json}. In the
 * core so the plain {@code status} path can ask whether there is one without loading the runtime.
 */
public final class SettingsLocation {
    private SettingsLocation() {
    }

    public static Path defaultPath(Environment env) {
        Optional<String> explicit = env.get("HOSTWARDEN_SETTINGS");
        if (explicit.isPresent()) {
            return Path.of(explicit.get());
        }
        Optional<Path> xdg = env.get("XDG_CONFIG_HOME").map(Path::of).filter(Path::isAbsolute);
        if (xdg.isPresent()) {
            return xdg.get().resolve("hostwarden").resolve("settings.json");
        }
        if (Platform.current().family() == Platform.Family.WINDOWS && env.get("APPDATA").isPresent()) {
            return Path.of(env.get("APPDATA").get(), "hostwarden", "settings.json");
        }
        return Path.of(env.realHome(), ".config", "hostwarden", "settings.json");
    }
}
