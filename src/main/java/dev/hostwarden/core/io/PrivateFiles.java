package dev.hostwarden.core.io;

import dev.hostwarden.core.platform.CurrentUser;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
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
        int attempts = Platform.current().hasSharingViolations() ? 20 : 1;
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
        if (!Platform.current().hasPosixPermissions()) {
            return new FileAttribute<?>[0];
        }
        return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))};
    }

    /** What is at a path, looked at without following a link and without opening it. */
    public enum Kind { ABSENT, REGULAR, SYMLINK, OTHER }

    public static Kind kindOf(Path path) throws IOException {
        try {
            var attributes = Files.readAttributes(path, BasicFileAttributes.class,
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
     * What stands at a path in plain words ("a directory", "a named pipe (FIFO)"), looked at
     * without following a link and without opening it.
     */
    public static String typeName(Path path) throws IOException {
        var attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        if (attributes.isSymbolicLink()) {
            return "a symbolic link";
        }
        if (attributes.isDirectory()) {
            return "a directory";
        }
        if (attributes.isRegularFile()) {
            return "a regular file";
        }
        if (Platform.current().hasPosixPermissions()) {
            // st_mode's file type bits (S_IFMT): Java names only file, directory, link and "other".
            int type = (Integer) Files.getAttribute(path, "unix:mode", LinkOption.NOFOLLOW_LINKS) & 0170000;
            switch (type) {
                case 0010000: return "a named pipe (FIFO)";
                case 0140000: return "a socket";
                case 0020000: return "a character device";
                case 0060000: return "a block device";
                default: break;
            }
        }
        return "a special file";
    }

    /**
     * Reads a regular file of at most {@link #MAX_BYTES} without following links. Empty when the
     * file does not exist. Throws {@link OversizedFileException} past the limit, and
     * {@link NotRegularFileException} for anything but a regular file, which is looked at first
     * and never opened: opening a FIFO for reading blocks until a writer comes, a device may never
     * end. (A FIFO renamed into place between the look and the open can still block the open; only
     * a non-blocking open, which Java does not offer, would close that window.)
     */
    public static Optional<byte[]> readSmall(Path path) throws IOException {
        Kind kind = kindOf(path);
        if (kind == Kind.ABSENT) {
            return Optional.empty();
        }
        if (kind != Kind.REGULAR) {
            throw new NotRegularFileException(path, typeName(path));
        }
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
     * Bytes as strict UTF-8, as Python's {@code read_text(encoding="utf-8")} decodes them: any
     * sequence that is not UTF-8 (encoded surrogates and overlong forms included) is an error,
     * never a replacement character.
     */
    public static String strictUtf8(byte[] bytes) throws CharacterCodingException {
        return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    }

    /**
     * True when the file and its directory belong to this OS user (hermes' {@code _record_is_own}).
     * Always true on Windows, where hermes has no such check.
     */
    public static boolean ownedByCurrentUser(Path file) throws IOException {
        if (!Platform.current().hasPosixPermissions()) {
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

    public static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Something other than a regular file where one is expected: reported, never opened. */
    public static final class NotRegularFileException extends IOException {
        private final String type;

        public NotRegularFileException(Path path, String type) {
            super(path + " is " + type + ", not a regular file; it is never opened");
            this.type = type;
        }

        /** What stands there, in plain words ("a directory"). */
        public String type() {
            return type;
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
