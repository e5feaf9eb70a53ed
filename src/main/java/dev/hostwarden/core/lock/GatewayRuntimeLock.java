package dev.hostwarden.core.lock;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

/**
 * The per-home runtime lock {@code <HERMES_HOME>/gateway.lock}: one per profile home (N homes, N
 * locks), guarding against two gateways on the same home. It cannot see other homes, which is why
 * the host lock exists. After locking, the file carries hermes' JSON PID record.
 */
public final class GatewayRuntimeLock {
    static final String LOCK_NAME = "gateway-runtime";
    public static final String FILE_NAME = "gateway.lock";

    private GatewayRuntimeLock() {
    }

    public static Path pathFor(Path home) {
        return home.toAbsolutePath().normalize().resolve(FILE_NAME);
    }

    /**
     * Takes the lock of {@code home} (idempotent for this process) and writes the PID record into it.
     * False when another process holds it or the file cannot be opened.
     */
    public static boolean acquire(Path home, List<String> argv, ProcessInspector inspector) {
        Path path = pathFor(home);
        ClaimResult claim = FileLocks.tryClaim(LOCK_NAME, path);
        if (claim.outcome() == LockOutcome.COULD_NOT_OPEN && Files.exists(path)) {
            // hermes' rule for this lock only: a stale lock left by another user (root) is replaced once.
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                return false;
            }
            claim = FileLocks.tryClaim(LOCK_NAME, path);
        }
        if (!claim.acquired()) {
            return false;
        }
        try {
            FileLocks.overwriteHeld(LOCK_NAME, path, JsonTrees.compact(pidRecord(home, argv, inspector)));
        } catch (IOException unwritable) {
            // The lock is what matters; the PID record inside it is a convenience for readers.
        }
        return true;
    }

    /** Whether this process holds the home's lock and the file at its path is still the one locked. */
    public static boolean stillInPlace(Path home) {
        return FileLocks.stillInPlace(LOCK_NAME, pathFor(home));
    }

    /**
     * Takes the lock again on the file now at the path, for a holder whose lock file was deleted or
     * replaced, and writes the PID record into it. HELD_BY_OTHER: another process took it meanwhile.
     * A home that was removed altogether is not created again (COULD_NOT_OPEN).
     */
    public static ClaimResult reclaim(Path home, List<String> argv, ProcessInspector inspector) {
        Path path = pathFor(home);
        if (!Files.isDirectory(path.getParent())) {
            return new ClaimResult(LockOutcome.COULD_NOT_OPEN, new NoSuchFileException(path.getParent().toString(), null,
                    "the home was removed"));
        }
        ClaimResult claim = FileLocks.reclaim(LOCK_NAME, path);
        if (claim.acquired()) {
            try {
                FileLocks.overwriteHeld(LOCK_NAME, path, JsonTrees.compact(pidRecord(home, argv, inspector)));
            } catch (IOException unwritable) {
                // As in acquire: the lock is what matters.
            }
        }
        return claim;
    }

    public static void release(Path home) {
        FileLocks.release(LOCK_NAME, pathFor(home));
    }

    /** A read-only look at a home's runtime lock: creates nothing, takes nothing. */
    public static LockProbe probe(Path home) {
        return FileLocks.probe(LOCK_NAME, pathFor(home));
    }

    /** hermes' PID record: pid, kind, argv, start_time, hermes_home. */
    public static ObjectNode pidRecord(Path home, List<String> argv, ProcessInspector inspector) {
        long pid = Platform.currentPid();
        ObjectNode record = JsonTrees.object();
        record.put("pid", pid);
        record.put("kind", "hermes-gateway");
        ArrayNode args = record.putArray("argv");
        argv.forEach(args::add);
        Long start = inspector.startTicks(pid);
        if (start == null) {
            record.putNull("start_time");
        } else {
            record.put("start_time", start);
        }
        record.put("hermes_home", home.toAbsolutePath().normalize().toString());
        return record;
    }
}
