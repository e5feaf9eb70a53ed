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
        // No lambdas: plain status asks this in a fresh JVM, where the first one links the JDK's lambda machinery.
        Optional<String> xdgValue = env.get("XDG_CONFIG_HOME");
        Path xdg = xdgValue.isPresent() ? Path.of(xdgValue.get()) : null;
        if (xdg != null && xdg.isAbsolute()) {
            return xdg.resolve("hostwarden").resolve("settings.json");
        }
        if (Platform.current().family() == Platform.Family.WINDOWS && env.get("APPDATA").isPresent()) {
            return Path.of(env.get("APPDATA").get(), "hostwarden", "settings.json");
        }
        return Path.of(env.realHome(), ".config", "hostwarden", "settings.json");
    }
}
