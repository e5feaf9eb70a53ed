package dev.hostwarden.core.platform;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The process environment as hermes reads it. Held as a value so tests and embedders can describe
 * another environment without touching the real one (Java cannot change its own environment).
 */
public final class Environment {
    private final Map<String, String> variables;
    private final String userHomeProperty;

    public Environment(Map<String, String> variables, String userHomeProperty) {
        this.variables = Map.copyOf(variables);
        this.userHomeProperty = userHomeProperty;
    }

    public static Environment system() {
        return new Environment(System.getenv(), System.getProperty("user.home"));
    }

    /** A non-empty value, or empty when the variable is missing or blank, as hermes treats both. */
    public Optional<String> get(String name) {
        String value = variables.get(name);
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    /** This environment with one variable set (or removed when {@code value} is null). */
    public Environment with(String name, String value) {
        Map<String, String> copy = new HashMap<>(variables);
        if (value == null) {
            copy.remove(name);
        } else {
            copy.put(name, value);
        }
        return new Environment(copy, userHomeProperty);
    }

    public Map<String, String> asMap() {
        return variables;
    }

    /** An absolute {@code XDG_STATE_HOME}, or empty: a relative one is ignored, as hermes does. */
    public Optional<Path> xdgStateHome() {
        Optional<String> value = get("XDG_STATE_HOME");
        if (value.isEmpty()) {
            return Optional.empty();
        }
        Path path = Path.of(value.get());
        return path.isAbsolute() ? Optional.of(path) : Optional.empty();
    }

    /** Where per-user state lives: an absolute {@code XDG_STATE_HOME}, else {@code ~/.local/state}. */
    public Path stateHome() {
        Optional<Path> xdg = xdgStateHome();
        return xdg.isPresent() ? xdg.get() : Path.of(realHome(), ".local", "state");
    }

    /**
     * The home directory as Python's {@code Path.home()} sees it: {@code $HOME} first (Java's
     * {@code user.home} comes from the passwd database), and {@code HERMES_REAL_HOME} when a profile
     * repointed HOME inside a container, so both processes meet in one directory.
     */
    public String realHome() {
        for (String name : new String[] {"HERMES_REAL_HOME", "HOME", "USERPROFILE"}) {
            Optional<String> value = get(name);
            if (value.isPresent()) {
                return value.get();
            }
        }
        return userHomeProperty;
    }
}
