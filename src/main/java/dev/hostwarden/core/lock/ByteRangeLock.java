package dev.hostwarden.core.lock;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The Windows lock, as hermes' {@code msvcrt.locking}: one byte at 1 MiB, so the file stays readable (Windows locks are mandatory). */
final class ByteRangeLock implements HeldLock {
    private final FileChannel channel;
    private final FileLock lock;

    private ByteRangeLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    static HeldLock take(Path path, boolean wait) throws IOException {
        FileChannel channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        try {
            if (channel.size() == 0) {
                channel.write(ByteBuffer.wrap(new byte[] {'\n'}), 0);
            }
            FileLock lock = wait ? channel.lock(FileLocks.WINDOWS_LOCK_OFFSET, 1, false) : channel.tryLock(FileLocks.WINDOWS_LOCK_OFFSET, 1, false);
            if (lock == null) {
                channel.close();
                return null;
            }
            return new ByteRangeLock(channel, lock);
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
            FileLock lock = channel.tryLock(FileLocks.WINDOWS_LOCK_OFFSET, 1, false);
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
