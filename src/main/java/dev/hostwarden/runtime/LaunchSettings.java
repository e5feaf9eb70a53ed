package dev.hostwarden.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.SettingsLocation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What {@code restart} launches per role, from the settings file:
 *
 * <pre>{@code
 * {"roles": {"gateway": {"command": ["hermes", "gateway", "run", "--replace"],
 *                        "workingDirectory": "/srv/hermes",
 *                        "environment": {"HERMES_HOME": "/srv/hermes/home"}}}}
 * }</pre>
 *
 * Location: {@code --settings FILE}, else {@code $HOSTWARDEN_SETTINGS}, else
 * {@code $XDG_CONFIG_HOME/hostwarden/settings.json} (an absolute XDG_CONFIG_HOME only), else
 * {@code ~/.config/hostwarden/settings.json} ({@code %APPDATA%\hostwarden\settings.json} on Windows).
 * A missing file at the default location means defaults: {@code hermes gateway run --replace} /
 * {@code hermes serve} when {@code hermes} is on PATH, else this program's own {@code run ROLE}. A
 * file named on purpose ({@code --settings}, {@code $HOSTWARDEN_SETTINGS}) must exist.
 */
public final class LaunchSettings {
    /**
     * A configured (or default) launch: the command, where it runs, what it adds to the environment.
     *
     * @param reference this program's own reference owner ({@code run ROLE}), not a configured or hermes command
     */
    public record Launch(List<String> command, Path workingDirectory, Map<String, String> environment, boolean reference) {
        public Launch {
            command = List.copyOf(command);
            environment = Map.copyOf(environment);
        }

        public Launch(List<String> command, Path workingDirectory, Map<String, String> environment) {
            this(command, workingDirectory, environment, false);
        }

        /** The command as a person reads (and could type) it: the reference owner as {@code hostwarden run ROLE ...}. */
        public String shown() {
            if (reference) {
                int main = command.indexOf(HostwardenLauncher.MAIN_CLASS);
                return "hostwarden " + String.join(" ", command.subList(main >= 0 ? main + 1 : 1, command.size()));
            }
            return String.join(" ", command);
        }
    }

    /** A settings file that cannot be used; the message names the file and the bad value. */
    public static final class SettingsException extends Exception {
        public SettingsException(String message) {
            super(message);
        }
    }

    private final Path location;
    private final boolean read;
    private final Map<Role, Launch> roles;
    /** Each role's {@code supervise} object as written (the supervisor reads and checks it). */
    private final Map<Role, JsonNode> supervise;

    private LaunchSettings(Path location, boolean read, Map<Role, Launch> roles, Map<Role, JsonNode> supervise) {
        this.location = location;
        this.read = read;
        this.roles = roles;
        this.supervise = supervise;
    }

    public static LaunchSettings none() {
        return new LaunchSettings(null, false, new EnumMap<>(Role.class), new EnumMap<>(Role.class));
    }

    public static LaunchSettings of(Role role, Launch launch) {
        Map<Role, Launch> roles = new EnumMap<>(Role.class);
        roles.put(role, launch);
        return new LaunchSettings(null, false, roles, new EnumMap<>(Role.class));
    }

    /** {@code roles.<role>.supervise} as written, if any: the supervision policy, checked by the supervisor. */
    public Optional<JsonNode> superviseSection(Role role) {
        return Optional.ofNullable(supervise.get(role));
    }

    /** The file that was read, or null (defaults only). */
    public Path source() {
        return read ? location : null;
    }

    /** Where the settings were looked for (read or not), or null when none were looked for. */
    public Path location() {
        return location;
    }

    public static Path defaultPath(Environment env) {
        return SettingsLocation.defaultPath(env);
    }

    /** The settings at {@link #defaultPath}: missing is "no settings" only there, not at {@code $HOSTWARDEN_SETTINGS}. */
    public static LaunchSettings loadDefault(Environment env) throws SettingsException {
        return load(defaultPath(env), env.get("HOSTWARDEN_SETTINGS").isPresent());
    }

    /** A file named on purpose ({@code --settings FILE}): it must exist. */
    public static LaunchSettings loadNamed(Path file) throws SettingsException {
        return load(file, true);
    }

    /**
     * The {@code fleet} object of the settings file at {@link #defaultPath}, if any (parsed by the
     * fleet package). Read apart from the roles: a bad role must not stop a fleet owner, but an
     * unreadable file must, since a fleet silently dropped would let two machines serve.
     */
    public static Optional<JsonNode> fleetSection(Environment env) throws SettingsException {
        Path file = defaultPath(env);
        // Missing, even where named, is "no fleet": only restart needs the file to exist.
        Optional<ObjectNode> root = readRoot(file, false);
        JsonNode fleet = root.map(node -> node.get("fleet")).orElse(null);
        if (fleet == null || fleet.isNull()) {
            return Optional.empty();
        }
        if (!fleet.isObject()) {
            throw new SettingsException("settings file " + file + ": \"fleet\" must be an object, got " + fleet);
        }
        return Optional.of(fleet);
    }

    /** Reads {@code file}; anything unusable names the file and the value. */
    private static LaunchSettings load(Path file, boolean named) throws SettingsException {
        Optional<ObjectNode> read = readRoot(file, named);
        if (read.isEmpty()) {
            return new LaunchSettings(file, false, new EnumMap<>(Role.class), new EnumMap<>(Role.class));
        }
        ObjectNode root = read.get();
        return fromRoot(file, root);
    }

    /** The file's JSON object, or empty when an unnamed file is missing. */
    private static Optional<ObjectNode> readRoot(Path file, boolean named) throws SettingsException {
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // A FIFO or device would block a read or never end; a directory is a mistake.
            throw new SettingsException("settings file " + file + " is not a regular file");
        }
        Optional<byte[]> bytes;
        try {
            bytes = PrivateFiles.readSmall(file);
        } catch (IOException unreadable) {
            throw new SettingsException("settings file " + file + " cannot be read: " + IoMessages.describe(unreadable));
        }
        if (bytes.isEmpty()) {
            if (named) {
                throw new SettingsException("settings file " + file + " does not exist");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(RecordCodec.parseObject(bytes.get()));
        } catch (RecordCodec.CorruptRecordException corrupt) {
            throw new SettingsException("settings file " + file + ": " + corrupt.getMessage());
        }
    }

    private static LaunchSettings fromRoot(Path file, ObjectNode root) throws SettingsException {
        Map<Role, Launch> roles = new EnumMap<>(Role.class);
        Map<Role, JsonNode> supervise = new EnumMap<>(Role.class);
        JsonNode section = root.path("roles");
        if (!section.isMissingNode() && !section.isObject()) {
            throw new SettingsException("settings file " + file + ": \"roles\" must be an object");
        }
        for (Map.Entry<String, JsonNode> entry : section.properties()) {
            Role role;
            try {
                role = Role.parse(entry.getKey());
            } catch (IllegalArgumentException unknown) {
                throw new SettingsException("settings file " + file + ": " + unknown.getMessage());
            }
            JsonNode value = entry.getValue();
            JsonNode policy = value.isObject() ? value.get("supervise") : null;
            if (policy != null && !policy.isNull()) {
                supervise.put(role, policy);
            }
            // A role may configure only its supervision and keep the default command.
            if (!value.isObject() || value.has("command") || policy == null) {
                roles.put(role, launch(file, entry.getKey(), value));
            }
        }
        return new LaunchSettings(file, true, roles, supervise);
    }

    private static Launch launch(Path file, String role, JsonNode node) throws SettingsException {
        String where = "settings file " + file + ", role " + role;
        if (!node.isObject()) {
            throw new SettingsException(where + ": must be an object with \"command\"");
        }
        JsonNode commandNode = node.path("command");
        List<String> command = new ArrayList<>();
        if (!commandNode.isArray() || commandNode.isEmpty()) {
            throw new SettingsException(where + ": \"command\" must be a non-empty array of strings, got " + commandNode);
        }
        for (JsonNode part : commandNode) {
            if (!part.isTextual() || part.textValue().isEmpty()) {
                throw new SettingsException(where + ": command part " + part + " is not a non-empty string");
            }
            command.add(part.textValue());
        }
        Path dir = null;
        JsonNode dirNode = node.get("workingDirectory");
        if (dirNode != null && !dirNode.isNull()) {
            if (!dirNode.isTextual() || dirNode.textValue().isEmpty()) {
                throw new SettingsException(where + ": \"workingDirectory\" must be a path string, got " + dirNode);
            }
            dir = Path.of(dirNode.textValue());
            if (!Files.isDirectory(dir)) {
                throw new SettingsException(where + ": workingDirectory '" + dir + "' is not a directory");
            }
        }
        Map<String, String> environment = new LinkedHashMap<>();
        JsonNode envNode = node.get("environment");
        if (envNode != null && !envNode.isNull()) {
            if (!envNode.isObject()) {
                throw new SettingsException(where + ": \"environment\" must be an object of strings, got " + envNode);
            }
            for (Map.Entry<String, JsonNode> variable : envNode.properties()) {
                if (!variable.getValue().isTextual()) {
                    throw new SettingsException(where + ": environment " + variable.getKey() + " must be a string, got " + variable.getValue());
                }
                environment.put(variable.getKey(), variable.getValue().textValue());
            }
        }
        return new Launch(command, dir, environment);
    }

    /** The launch the settings file configures for {@code role}, if any. */
    public Optional<Launch> configured(Role role) {
        return Optional.ofNullable(roles.get(role));
    }

    /** The configured launch of {@code role}, else the default, which keeps what {@code previous} served. */
    public Launch launchFor(Role role, Environment env, HostRecord previous) {
        Launch configured = roles.get(role);
        return configured != null ? configured : defaultLaunch(role, env, previous);
    }

    /** hermes' own command when {@code hermes} is on PATH, else this program's {@code run ROLE}. */
    public static Launch defaultLaunch(Role role, Environment env, HostRecord previous) {
        if (Executables.resolve("hermes", null, env).isPresent() && role != Role.DESKTOP_SERVE) {
            return new Launch(role == Role.GATEWAY ? List.of("hermes", "gateway", "run", "--replace") : List.of("hermes", "serve"),
                    null, Map.of());
        }
        return selfLaunch(role, previous, env);
    }

    /** {@link #selfLaunch(Role, HostRecord, Environment)} as this process was started. */
    public static Launch selfLaunch(Role role, HostRecord previous) {
        return selfLaunch(role, previous, Environment.system());
    }

    /**
     * This program's {@code run ROLE} (through {@link HostwardenLauncher}), serving the profiles and
     * bind host {@code previous} published (null: none). The port is picked afresh: the old one may
     * not be free yet.
     */
    public static Launch selfLaunch(Role role, HostRecord previous, Environment env) {
        List<String> command = new ArrayList<>(HostwardenLauncher.prefix(env));
        command.addAll(List.of("run", role.wireName()));
        if (previous != null && !previous.profiles().isEmpty() && !servesEveryHomeItFinds(role, previous)) {
            command.add("--profiles");
            command.add(String.join(",", previous.profiles()));
        }
        if (previous != null && role.servesHttp() && !previous.host().isEmpty()) {
            command.add("--host");
            command.add(previous.host());
        }
        return new Launch(command, null, Map.of(), true);
    }

    /**
     * A multiplexing gateway (no {@code --profiles}) publishes every home it found; relaunching it with
     * that list would pin the set and stop it picking up new profiles, so it is relaunched without one.
     */
    private static boolean servesEveryHomeItFinds(Role role, HostRecord previous) {
        if (role != Role.GATEWAY || previous.home() == null || previous.home().isEmpty()) {
            return false;
        }
        try {
            return previous.profiles().equals(ProfileHomes.servable(Path.of(previous.home())));
        } catch (InvalidPathException unusable) {
            return false;
        }
    }
}
