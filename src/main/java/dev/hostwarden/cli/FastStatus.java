package dev.hostwarden.cli;

import com.fasterxml.jackson.core.JsonParser;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.SettingsLocation;
import dev.hostwarden.core.record.Tokens;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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
        String fleet = System.getenv("HOSTWARDEN_FLEET");
        if (fleet != null && !fleet.isBlank()) {
            return null;   // a fleet's status is picocli's (FleetStatusPrinter); without this the variable would be ignored
        }
        if (Files.exists(SettingsLocation.defaultPath(Environment.system()))) {
            return null;   // the settings file may name a fleet: the full path reads it (one stat here otherwise)
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
        return StatusPrinter.execute(common.rendezvous(), roles, new Output(out, err, json));
    }

    /**
     * The JSON parser's, the pretty printer's and SHA-256's one-time set-up (the token check) cost a
     * fresh JVM more than the reads themselves; on a second core they overlap with resolving the
     * directory and reading /proc. Nothing is shared but the classes: the command does its own work
     * either way. Named thread classes rather than lambdas: the first lambda links the JDK's lambda
     * machinery, which SHA-256 (through VarHandles) then sets up off the main thread instead.
     */
    private static void warmUpInBackground() {
        new DigestWarmUp().start();
        new JsonWarmUp().start();
    }

    private static final class DigestWarmUp extends Thread {
        DigestWarmUp() {
            super("status-warm-up-sha256");
            setDaemon(true);
        }

        @Override
        public void run() {
            Tokens.fingerprint("warm-up");
        }
    }

    private static final class JsonWarmUp extends Thread {
        JsonWarmUp() {
            super("status-warm-up-json");
            setDaemon(true);
        }

        @Override
        public void run() {
            try (JsonParser parser = JsonStreams.parser("{\"warm\":[1,2.5,\"up\",true,null]}")) {
                while (parser.nextToken() != null) {
                    parser.getText();
                }
            } catch (IOException impossible) {
                // Only a head start is lost.
            }
            JsonStreams.pretty(generator -> {
                generator.writeStartObject();
                generator.writeArrayFieldStart("warm");
                generator.writeNumber(1L);
                generator.writeString("up");
                generator.writeEndArray();
                generator.writeEndObject();
            });
        }
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
