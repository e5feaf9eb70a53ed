package dev.hostwarden.core.platform;

import com.sun.jna.LastErrorException;
import com.sun.jna.Library;
import com.sun.jna.Native;

/**
 * The few POSIX calls Java does not offer: {@code flock(2)} (Java's FileChannel locks are fcntl locks,
 * invisible to hermes' {@code fcntl.flock} and dropped when any descriptor of the file closes) and
 * {@code kill(2)}. Loaded on first use only, so read-only commands never load JNA.
 */
public interface NativeLibC extends Library {
    int LOCK_EX = 2;
    int LOCK_NB = 4;
    int LOCK_UN = 8;
    int O_WRONLY = 1;
    int O_APPEND = Platform.current().openAppendFlag();
    int O_CLOEXEC = Platform.current().openCloseOnExecFlag();
    int EINTR = 4;
    int ESRCH = 3;
    int EPERM = 1;

    // Two-argument open only: without O_CREAT the variadic mode is never read (safe on every ABI).
    int open(String path, int flags) throws LastErrorException;

    int flock(int fd, int operation) throws LastErrorException;

    int close(int fd) throws LastErrorException;

    int ftruncate(int fd, long length) throws LastErrorException;

    long write(int fd, byte[] buffer, long count) throws LastErrorException;

    int fsync(int fd) throws LastErrorException;

    int kill(int pid, int signal) throws LastErrorException;

    static NativeLibC get() {
        return Holder.INSTANCE;
    }

    final class Holder {
        static final NativeLibC INSTANCE = Native.load("c", NativeLibC.class);

        private Holder() {
        }
    }
}
