package dev.hostwarden.core.lock;

import com.sun.jna.LastErrorException;
import dev.hostwarden.core.platform.NativeLibC;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/** The POSIX lock hermes takes, flock(2) through JNA, on a descriptor of our own never shared with Java I/O. */
final class FlockLock implements HeldLock {
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

    static HeldLock take(Path path, boolean wait) throws IOException {
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
