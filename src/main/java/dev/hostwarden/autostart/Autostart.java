package dev.hostwarden.autostart;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;

/**
 * Starting the panel at login, per user and off by default: an XDG autostart entry on Linux, a
 * LaunchAgent on macOS, the HKCU Run key on Windows. The entry runs the installed launcher with no
 * argument, which opens the panel. {@code hostwarden autostart} and the panel's tray toggle both use this.
 */
public interface Autostart {
    /** Whether the panel starts at login, where that is decided, and the command it runs (null when none). */
    record State(boolean enabled, String location, String command) {
    }

    State state() throws AutostartException;

    default boolean enabled() throws AutostartException {
        return state().enabled();
    }

    /** Makes the panel start at login through the installed launcher; idempotent. */
    State enable() throws AutostartException;

    /** Stops the panel starting at login; idempotent. */
    State disable() throws AutostartException;

    /** This user's autostart on this platform. */
    static Autostart forThisUser() {
        return forPlatform(Environment.system());
    }

    static Autostart forPlatform(Environment env) {
        return switch (Platform.current().desktop()) {
            case WINDOWS -> new WindowsRunKeyAutostart(env);
            case MAC -> new LaunchAgentAutostart(env);
            case FREEDESKTOP -> new XdgAutostart(env);
        };
    }
}
