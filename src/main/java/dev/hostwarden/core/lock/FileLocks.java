package dev.hostwarden.core.lock;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.RendezvousDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The process-wide registry of OS locks this process holds, keyed by (name, absolute path) so a
 * claim is idempotent and a changed directory is a different lock. POSIX: {@code flock(2)}, the
 * lock hermes takes, so a Python hermes and this program exclude each other. Windows: one byte at
 * offset 1 MiB, as hermes' {@code msvcrt.locking}. Lock files are never deleted.
 */
public final class FileLocks {
    /** hermes' {@code _WINDOWS_LOCK_OFFSET}. */
    static final long WINDOWS_LOCK_OFFSET = 1L << 20;

    /** Strongly reachable from here, so the GC never closes a held lock. */
    private static final Map<Key, HeldLock> HELD = new ConcurrentHashMap<>();

    private FileLocks() {
    }

    /** Registry key. Written out (not a record) because record hashCode bootstraps invokedynamic, costly at CLI start. */
    private static final class Key {
        private final String name;
        private final Path path;

        Key(String name, Path path) {
            this.name = name;
            this.path = RendezvousDir.absolute(path);
        }

        Path path() {
            return path;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Key key && key.name.equals(name) && key.path.equals(path);
        }

        @Override
        public int hashCode() {
            return 31 * name.hashCode() + path.hashCode();
        }
    }

    /** Tries to take the lock without blocking. */
    public static synchronized ClaimResult tryClaim(String name, Path path) {
        Key key = new Key(name, path);
        if (HELD.containsKey(key)) {
            return new ClaimResult(LockOutcome.ACQUIRED, null);
        }
        Taken taken = take(key, false);
        if (taken.held != null) {
            HELD.put(key, taken.held);
        }
        return taken.result;
    }

    /**
     * Blocks until the lock is free, then takes it (the {@code --wait} claim). It waits outside the
     * registry monitor: holding it while blocked would stall every other claim and release in this
     * process, the SIGTERM exit cleanup among them, so the process could never exit.
     */
    public static ClaimResult claimWaiting(String name, Path path) {
        Key key = new Key(name, path);
        if (HELD.containsKey(key)) {
            return new ClaimResult(LockOutcome.ACQUIRED, null);
        }
        Taken taken = take(key, true);
        synchronized (FileLocks.class) {
            if (taken.held != null && HELD.putIfAbsent(key, taken.held) != null) {
                // Another thread of ours registered the same lock meanwhile: keep that one.
                taken.held.release();
            }
        }
        return taken.result;
    }

    /** The outcome of taking an OS lock, and the lock itself when acquired (not yet registered). */
    private static final class Taken {
        final ClaimResult result;
        final HeldLock held;

        Taken(ClaimResult result, HeldLock held) {
            this.result = result;
            this.held = held;
        }
    }

    private static Taken take(Key key, boolean wait) {
        try {
            prepare(key.path());
        } catch (IOException unusable) {
            return new Taken(new ClaimResult(LockOutcome.COULD_NOT_OPEN, unusable), null);
        }
        try {
            HeldLock held = Platform.current().lockKind() == Platform.LockKind.BYTE_RANGE ? ByteRangeLock.take(key.path(), wait) : FlockLock.take(key.path(), wait);
            if (held == null) {
                return new Taken(new ClaimResult(LockOutcome.HELD_BY_OTHER, null), null);
            }
            return new Taken(new ClaimResult(LockOutcome.ACQUIRED, null), held);
        } catch (IOException unusable) {
            return new Taken(new ClaimResult(LockOutcome.COULD_NOT_OPEN, unusable), null);
        }
    }

    /**
     * Creates the lock file (and a missing parent) when needed; refuses a lock path that is a link.
     * Callers that need a private directory (the rendezvous directory) ensure it first.
     */
    private static void prepare(Path path) throws IOException {
        Files.createDirectories(path.getParent());
        PrivateFiles.Kind kind = PrivateFiles.kindOf(path);
        if (kind == PrivateFiles.Kind.SYMLINK || kind == PrivateFiles.Kind.OTHER) {
            throw new FileSystemException(path.toString(), null, "the lock path is not a regular file");
        }
        if (kind == PrivateFiles.Kind.ABSENT) {
            try {
                if (Platform.current().hasPosixPermissions()) {
                    Files.createFile(path, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
                } else {
                    Files.createFile(path);
                }
            } catch (FileAlreadyExistsException raced) {
                // Another claimer created it first: the same file, fine.
            }
        }
    }

    /**
     * Whether a lock this process holds is still on the file at its path. Someone can delete or
     * replace a lock file under a live owner; the lock then sits on a file nobody else can open, and
     * the path excludes no one. False when the lock is not held here. Linux can tell; elsewhere a
     * held lock counts as in place.
     */
    public static boolean stillInPlace(String name, Path path) {
        HeldLock held = HELD.get(new Key(name, path));
        return held != null && held.isAt(RendezvousDir.absolute(path));
    }

    /**
     * Takes the lock again on the file now at {@code path} (created when missing), without blocking,
     * for a holder whose lock file was deleted or replaced. On success the new lock replaces the old
     * one, which is released; HELD_BY_OTHER means another process took the path meanwhile.
     */
    public static synchronized ClaimResult reclaim(String name, Path path) {
        Key key = new Key(name, path);
        Taken taken = take(key, false);
        if (taken.held != null) {
            HeldLock previous = HELD.put(key, taken.held);
            if (previous != null) {
                previous.release();
            }
        }
        return taken.result;
    }

    public static boolean owns(String name, Path path) {
        return HELD.containsKey(new Key(name, path));
    }

    /** Releases a lock this process holds; a no-op otherwise. The lock file stays on disk. */
    public static synchronized void release(String name, Path path) {
        HeldLock held = HELD.remove(new Key(name, path));
        if (held != null) {
            held.release();
        }
    }

    /** Writes {@code content} into a lock file this process holds (hermes' per-home PID record). */
    public static void overwriteHeld(String name, Path path, String content) throws IOException {
        HeldLock held = HELD.get(new Key(name, path));
        if (held == null) {
            throw new IllegalStateException("lock not held: " + path);
        }
        held.overwrite(content.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Looks at a lock file without creating anything and without a lock another process could see
     * where the platform allows (Linux: {@code /proc/locks}, which also names the holder). Elsewhere
     * a try-lock on a fresh descriptor, released at once.
     */
    public static LockProbe probe(String name, Path path) {
        return probe(name, path, null);
    }

    /**
     * {@link #probe(String, Path)}, looking first among the descriptors of {@code likelyHolder} (the
     * PID a record names; null when none): the same answer, without /proc/locks when that PID holds it.
     */
    public static LockProbe probe(String name, Path path, Long likelyHolder) {
        Path absolute = RendezvousDir.absolute(path);
        if (owns(name, absolute)) {
            return new LockProbe(absolute, LockState.HELD, Platform.currentPid(), true, "held by this process");
        }
        return probeOnDisk(absolute, likelyHolder);
    }

    /**
     * A look at the lock file on disk only, ignoring this process's own registration: who holds the
     * file now at the path, even when this process still holds the lock of a file deleted from it.
     */
    public static LockProbe probeOnDisk(Path path) {
        return probeOnDisk(path, null);
    }

    private static LockProbe probeOnDisk(Path path, Long likelyHolder) {
        Path absolute = RendezvousDir.absolute(path);
        PrivateFiles.Kind kind;
        try {
            kind = PrivateFiles.kindOf(absolute);
        } catch (IOException unreadable) {
            return new LockProbe(absolute, LockState.UNKNOWN, null, false, IoMessages.describe(unreadable));
        }
        if (kind == PrivateFiles.Kind.ABSENT) {
            return new LockProbe(absolute, LockState.ABSENT, null, false, "no lock file");
        }
        if (kind != PrivateFiles.Kind.REGULAR) {
            // A claim refuses this path (links are never followed), so nobody can hold it: not FREE.
            return new LockProbe(absolute, LockState.UNKNOWN, null, false, "the lock path " + absolute
                    + (kind == PrivateFiles.Kind.SYMLINK ? " is a symbolic link, which is never followed" : " is not a regular file"));
        }
        if (Platform.current().hasProcFs()) {
            try {
                ProcLocks.Lookup lookup = ProcLocks.lookup(absolute, likelyHolder);
                if (lookup.holder().isPresent()) {
                    long holder = lookup.holder().getAsLong();
                    if (holder <= 0) {
                        // OFD locks show -1, a holder outside our PID namespace 0: held, by nobody we can name.
                        return new LockProbe(absolute, LockState.HELD, null, false, lookup.seenIn() + " lists a lock whose holder PID is not visible");
                    }
                    return new LockProbe(absolute, LockState.HELD, holder, false, lookup.seenIn() + " names PID " + holder);
                }
                if (!lookup.ambiguous()) {
                    return new LockProbe(absolute, LockState.FREE, null, false, "/proc/locks lists no lock on this file");
                }
            } catch (IOException | RuntimeException unreadable) {
                // Fall through to the try-lock probe.
            }
        }
        return tryLockProbe(absolute);
    }

    private static LockProbe tryLockProbe(Path path) {
        try {
            boolean held = Platform.current().lockKind() == Platform.LockKind.BYTE_RANGE ? ByteRangeLock.isHeld(path) : FlockLock.isHeld(path);
            return new LockProbe(path, held ? LockState.HELD : LockState.FREE, null, false,
                    held ? "a try-lock was refused" : "a try-lock succeeded and was released at once");
        } catch (IOException unusable) {
            return new LockProbe(path, LockState.UNKNOWN, null, false, IoMessages.describe(unusable));
        }
    }
}
