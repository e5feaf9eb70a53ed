package dev.hostwarden.core;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/** Starts {@link OwnerChildMain} children and waits until they hold the lock (and published, when asked). */
public final class Owners {
    public static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    private Owners() {
    }

    /** A child JVM that holds {@code role}'s host lock in {@code dir} and has published its record with {@code token}. */
    public static ChildProcess publishing(Path dir, Role role, String token, Path home) throws IOException {
        return start(dir, role, "publish", token, home);
    }

    /** A child JVM that holds {@code role}'s host lock in {@code dir} without publishing a record. */
    public static ChildProcess lockOnly(Path dir, Role role) throws IOException {
        return start(dir, role, "lock-only", "", dir);
    }

    private static ChildProcess start(Path dir, Role role, String mode, String token, Path home) throws IOException {
        ChildProcess child = ChildProcess.java(OwnerChildMain.class, Map.of("HERMES_HOME", home.toString()),
                dir.toString(), role.wireName(), mode, token, home.toString());
        String line = child.readLine(START_TIMEOUT);
        if (!line.equals("READY pid=" + child.pid())) {
            throw new AssertionError("owner child did not become ready: " + line + "\n" + child.stderr());
        }
        return child;
    }
}
