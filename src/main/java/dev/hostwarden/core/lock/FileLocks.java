package dev.hostwarden.core.lock;

import com.sun.jna.LastErrorException;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.NativeLibC;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.RendezvousDir;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
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

    private static final Map<Key, Held> HELD = new ConcurrentHashMap<>();

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

    /** A held lock; strongly reachable from the registry so the GC never closes it. */
    private interface Held {
        void release();

        /** Replaces the lock file's content (the per-home runtime lock carries a PID record). */
        void overwrite(byte[] content) throws IOException;

        /** Whether {@code path} still names the file this lock is on (it may have been deleted or replaced). */
        boolean isAt(Path path);
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
        final Held held;

        Taken(ClaimResult result, Held held) {
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
            Held held = Platform.current().lockKind() == Platform.LockKind.BYTE_RANGE ? WindowsLock.take(key.path(), wait) : FlockLock.take(key.path(), wait);
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
        Held held = HELD.get(new Key(name, path));
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
            Held previous = HELD.put(key, taken.held);
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
        Held held = HELD.remove(new Key(name, path));
        if (held != null) {
            held.release();
        }
    }

    /** Writes {@code content} into a lock file this process holds (hermes' per-home PID record). */
    public static void overwriteHeld(String name, Path path, String content) throws IOException {
        Held held = HELD.get(new Key(name, path));
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
        Path absolute = RendezvousDir.absolute(path);
        if (owns(name, absolute)) {
            return new LockProbe(absolute, LockState.HELD, Platform.currentPid(), true, "held by this process");
        }
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
                ProcLocks.Lookup lookup = ProcLocks.lookup(absolute);
                if (lookup.holder().isPresent()) {
                    long holder = lookup.holder().getAsLong();
                    if (holder <= 0) {
                        // OFD locks show -1, a holder outside our PID namespace 0: held, by nobody we can name.
                        return new LockProbe(absolute, LockState.HELD, null, false, "/proc/locks lists a lock whose holder PID is not visible");
                    }
                    return new LockProbe(absolute, LockState.HELD, holder, false, "/proc/locks names PID " + holder);
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
            boolean held = Platform.current().lockKind() == Platform.LockKind.BYTE_RANGE ? WindowsLock.isHeld(path) : FlockLock.isHeld(path);
            return new LockProbe(path, held ? LockState.HELD : LockState.FREE, null, false,
                    held ? "a try-lock was refused" : "a try-lock succeeded and was released at once");
        } catch (IOException unusable) {
            return new LockProbe(path, LockState.UNKNOWN, null, false, IoMessages.describe(unusable));
        }
    }

    /** flock(2) through JNA on a descriptor of our own, never shared with Java I/O. */
    private static final class FlockLock implements Held {
        private final int fd;

        private FlockLock(int fd) {
            this.fd = fd;
        }

        @Override
        public boolean isAt(Path path) {
            if (!Platform.current().hasProcFs()) {
                return true;
            }
            Path descriptor = Path.of("/proc/self/fd", Integer.toString(fd));
            try {
                // The descriptor's link is followed to the open file, even an unlinked one.
                Object lockedInode = Files.getAttribute(descriptor, "unix:ino");
                Object lockedDevice = Files.getAttribute(descriptor, "unix:dev");
                return lockedInode.equals(Files.getAttribute(path, "unix:ino", LinkOption.NOFOLLOW_LINKS))
                        && lockedDevice.equals(Files.getAttribute(path, "unix:dev", LinkOption.NOFOLLOW_LINKS));
            } catch (NoSuchFileException gone) {
                // The path is gone, unless it is our descriptor's link that is missing (no /proc): unknowable.
                return !Files.exists(descriptor, LinkOption.NOFOLLOW_LINKS);
            } catch (IOException | RuntimeException unknowable) {
                return true;
            }
        }

        static Held take(Path path, boolean wait) throws IOException {
            int fd = open(path);
            try {
                lock(fd, wait);
                return new FlockLock(fd);
            } catch (LastErrorException refused) {
                closeQuietly(fd);
                return null;
            }
        }

        static boolean isHeld(Path path) throws IOException {
            int fd = open(path);
            try {
                NativeLibC.get().flock(fd, NativeLibC.LOCK_EX | NativeLibC.LOCK_NB);
                NativeLibC.get().flock(fd, NativeLibC.LOCK_UN);
                return false;
            } catch (LastErrorException refused) {
                return true;
            } finally {
                closeQuietly(fd);
            }
        }

        private static void lock(int fd, boolean wait) {
            while (true) {
                try {
                    NativeLibC.get().flock(fd, wait ? NativeLibC.LOCK_EX : NativeLibC.LOCK_EX | NativeLibC.LOCK_NB);
                    return;
                } catch (LastErrorException error) {
                    if (!(wait && error.getErrorCode() == NativeLibC.EINTR)) {
                        throw error;
                    }
                }
            }
        }

        private static int open(Path path) throws IOException {
            try {
                return NativeLibC.get().open(path.toString(), NativeLibC.O_WRONLY | NativeLibC.O_APPEND | NativeLibC.O_CLOEXEC);
            } catch (LastErrorException error) {
                throw new FileSystemException(path.toString(), null, "cannot open the lock file (errno " + error.getErrorCode() + ")");
            }
        }

        private static void closeQuietly(int fd) {
            try {
                NativeLibC.get().close(fd);
            } catch (LastErrorException ignored) {
                // Nothing to do: the descriptor is gone either way.
            }
        }

        @Override
        public void release() {
            try {
                NativeLibC.get().flock(fd, NativeLibC.LOCK_UN);
            } catch (LastErrorException ignored) {
                // Closing below releases it as well.
            }
            closeQuietly(fd);
        }

        @Override
        public void overwrite(byte[] content) throws IOException {
            try {
                NativeLibC.get().ftruncate(fd, 0);
                long written = 0;
                while (written < content.length) {
                    byte[] rest = written == 0 ? content : Arrays.copyOfRange(content, (int) written, content.length);
                    written += NativeLibC.get().write(fd, rest, rest.length);
                }
                NativeLibC.get().fsync(fd);
            } catch (LastErrorException error) {
                throw new IOException("cannot write the lock file (errno " + error.getErrorCode() + ")");
            }
        }
    }

    /** A one-byte lock at 1 MiB, so the file itself stays readable (Windows locks are mandatory). */
    private static final class WindowsLock implements Held {
        private final FileChannel channel;
        private final FileLock lock;

        private WindowsLock(FileChannel channel, FileLock lock) {
            this.channel = channel;
            this.lock = lock;
        }

        static Held take(Path path, boolean wait) throws IOException {
            FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
            try {
                if (channel.size() == 0) {
                    channel.write(ByteBuffer.wrap(new byte[] {'\n'}), 0);
                }
                FileLock lock = wait ? channel.lock(WINDOWS_LOCK_OFFSET, 1, false) : channel.tryLock(WINDOWS_LOCK_OFFSET, 1, false);
                if (lock == null) {
                    channel.close();
                    return null;
                }
                return new WindowsLock(channel, lock);
            } catch (OverlappingFileLockException sameJvm) {
                channel.close();
                return null;
            } catch (IOException error) {
                channel.close();
                throw error;
            }
        }

        static boolean isHeld(Path path) throws IOException {
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                FileLock lock = channel.tryLock(WINDOWS_LOCK_OFFSET, 1, false);
                if (lock == null) {
                    return true;
                }
                lock.release();
                return false;
            } catch (OverlappingFileLockException sameJvm) {
                return true;
            }
        }

        @Override
        public boolean isAt(Path path) {
            // Windows refuses to delete or replace a file that is open, so the lock stays in place.
            return true;
        }

        @Override
        public void release() {
            try {
                lock.release();
                channel.close();
            } catch (IOException ignored) {
                // Closing releases the lock; the OS drops it at exit regardless.
            }
        }

        @Override
        public void overwrite(byte[] content) throws IOException {
            // The locked byte sits past any PID record, so the content stays readable by others.
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(content), 0);
            channel.force(true);
        }
    }
}
