package dev.hostwarden.cli;

import dev.hostwarden.core.JsonTrees;
import dev.hostwarden.core.Role;
import dev.hostwarden.core.Tokens;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code status} without picocli's start-up cost. Scripts and supervisors poll {@code status} in a
 * fresh JVM each time, and building picocli's command model takes longer here than the rest of the
 * command. This path accepts only the plain form, {@code status [--json] [--lock-dir DIR] [ROLE...]};
 * anything else (help, a bad role, an unknown option) returns null and goes through picocli, which
 * owns every message. A test runs both paths on the same arguments and compares their output.
 */
final class FastStatus {
    private FastStatus() {
    }

    /** The exit code, or null when these arguments need picocli. */
    static Integer tryRun(String[] args, PrintWriter out, PrintWriter err) {
        if (args.length == 0 || !args[0].equals("status")) {
            return null;
        }
        boolean json = false;
        Path lockDir = null;
        List<Role> roles = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            String arg = args[i];
            // A repeated option, or a --lock-dir value that looks like an option, is picocli's to judge
            // (it refuses both); taking the last value here would make the two paths disagree.
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
        warmUpInBackground();
        CommonOptions common = new CommonOptions();
        common.lockDir = lockDir;
        common.json = json;
        return StatusCommand.execute(common.rendezvous(), roles, new Output(out, err, json));
    }

    /**
     * The JSON parser's and SHA-256's one-time set-up (the token check) cost a fresh JVM more than the
     * reads themselves; on a second core they overlap with resolving the directory and reading /proc.
     * Nothing is shared but the classes: the command does its own work either way.
     */
    private static void warmUpInBackground() {
        startDaemon("status-warm-up-json", () -> {
            try {
                JsonTrees.parse("{\"warm\":[1,2.5,\"up\",true,null]}");
            } catch (java.io.IOException impossible) {
                // Only a head start is lost.
            }
        });
        startDaemon("status-warm-up-sha256", () -> Tokens.fingerprint("warm-up"));
    }

    private static void startDaemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
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
