package dev.hostwarden.cli;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.SettingsLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The plain form the fast paths ({@link FastStatus}, {@link FastStop}) take without picocli:
 * {@code COMMAND [--json] [--lock-dir DIR] [ROLE...]}, each option at most once, known role names, no
 * fleet configured. Anything else is picocli's to judge, since it owns every message: a repeated option,
 * or a {@code --lock-dir} value that looks like an option, would otherwise make the two paths disagree.
 */
record PlainArguments(boolean json, Path lockDir, List<Role> roles) {

    /** The arguments after {@code command}, or null when they need picocli (or a fleet may be configured). */
    static PlainArguments of(String[] args, String command) {
        if (args.length == 0 || !args[0].equals(command) || FleetEnvironment.endpoints() != null) {
            return null;
        }
        if (Files.exists(SettingsLocation.defaultPath(Environment.system()))) {
            return null;   // the settings file may name a fleet: the full path reads it (one stat here otherwise)
        }
        boolean json = false;
        Path lockDir = null;
        List<Role> roles = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--json")) {
                if (json) {
                    return null;
                }
                json = true;
            } else if (arg.equals("--lock-dir") && i + 1 < args.length && plainValue(args[i + 1])) {
                if (lockDir != null) {
                    return null;
                }
                lockDir = Path.of(args[++i]);
            } else if (arg.startsWith("--lock-dir=") && plainValue(arg.substring("--lock-dir=".length()))) {
                if (lockDir != null) {
                    return null;
                }
                lockDir = Path.of(arg.substring("--lock-dir=".length()));
            } else {
                Role role = knownRole(arg);
                if (role == null) {
                    return null;
                }
                roles.add(role);
            }
        }
        return new PlainArguments(json, lockDir, roles);
    }

    /** The options as the commands' mixin holds them. */
    CommonOptions common() {
        CommonOptions common = new CommonOptions();
        common.lockDir = lockDir;
        common.json = json;
        return common;
    }

    private static boolean plainValue(String value) {
        return !value.isEmpty() && !value.startsWith("-");
    }

    private static Role knownRole(String name) {
        for (Role role : Role.values()) {
            if (role.wireName().equals(name)) {
                return role;
            }
        }
        return null;
    }
}
