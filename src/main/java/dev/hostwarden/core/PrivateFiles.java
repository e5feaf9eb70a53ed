package dev.hostwarden.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * Owner-only files written atomically and read without following links. Every record, token and
 * marker goes through here so the rules (0600 from the first byte, temp + fsync + atomic rename,
 * NIO only so Windows readers never block a replace, no link following) live in one place.
 */
public final class PrivateFiles {
    /** Records and markers are small; anything larger is corrupt and is not loaded. */
    public static final int MAX_BYTES = 1 << 20;

    private PrivateFiles() {
    }

    /** Writes {@code bytes} to {@code target} atomically, mode 0600 from creation. */
    public static void writeAtomically(Path target, byte[] bytes) throws IOException {
        Path temp = target.resolveSibling(target.getFileName() + ".tmp." + Platform.currentPid() + "." + System.nanoTime());
        try {
            try (FileChannel channel = FileChannel.open(temp,
                    Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), ownerOnly())) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
            moveIntoPlace(temp, target);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    private static void moveIntoPlace(Path temp, Path target) throws IOException {
        int attempts = Platform.isWindows() ? 20 : 1;
        for (int attempt = 1; ; attempt++) {
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                return;
            } catch (AccessDeniedException sharingViolation) {
                // Windows: a reader holding the target open makes the replace fail for a moment.
                if (attempt >= attempts) {
                    throw sharingViolation;
                }
                sleepQuietly(25);
            } catch (AtomicMoveNotSupportedException unsupported) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
                return;
            }
        }
    }

    private static FileAttribute<?>[] ownerOnly() {
        if (!Platform.isPosix()) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
    }

    /** What is at a path, looked at without following a link and without opening it. */
    public enum Kind { ABSENT, REGULAR, SYMLINK, OTHER }

    public static Kind kindOf(Path path) throws IOException {
        try {
            var attributes = Files.readAttributes(path, java.nio.file.attribute.BasicFileAttributes.class,
                    LinkOption.NOFOLLOW_LINKS);
            if (attributes.isSymbolicLink()) {
                return Kind.SYMLINK;
            }
            return attributes.isRegularFile() ? Kind.REGULAR : Kind.OTHER;
        } catch (NoSuchFileException absent) {
            return Kind.ABSENT;
        }
    }

    /**
     * Reads a regular file of at most {@link #MAX_BYTES} without following links. Empty when the
     * file does not exist. Throws {@link OversizedFileException} past the limit.
     */
    public static Optional<byte[]> readSmall(Path path) throws IOException {
        try (SeekableByteChannel channel = Files.newByteChannel(path, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            long size = channel.size();
            if (size > MAX_BYTES) {
                throw new OversizedFileException(size);
            }
            ByteBuffer buffer = ByteBuffer.allocate((int) size + 1);
            while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                if (buffer.position() > MAX_BYTES) {
                    throw new OversizedFileException(buffer.position());
                }
            }
            byte[] bytes = new byte[buffer.position()];
            buffer.flip().get(bytes);
            return Optional.of(bytes);
        } catch (NoSuchFileException absent) {
            return Optional.empty();
        }
    }

    /**
     * True when the file and its directory belong to this OS user (hermes' {@code _record_is_own}).
     * Always true on Windows, where hermes has no such check.
     */
    public static boolean ownedByCurrentUser(Path file) throws IOException {
        if (!Platform.isPosix()) {
            return true;
        }
        int me = CurrentUser.uid();
        return uidOf(file) == me && uidOf(file.getParent()) == me;
    }

    public static int uidOf(Path path) throws IOException {
        return (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
    }

    /** Removes a file or link (never a link's target); true when something was removed. */
    public static boolean remove(Path path) throws IOException {
        return Files.deleteIfExists(path);
    }

    static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** A file over the size limit: reported as corrupt, never loaded. */
    public static final class OversizedFileException extends IOException {
        private final long size;

        public OversizedFileException(long size) {
            super("file is larger than " + MAX_BYTES + " bytes (" + size + " bytes)");
            this.size = size;
        }

        public long size() {
            return size;
        }
    }
}
