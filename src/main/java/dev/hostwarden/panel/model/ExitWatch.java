package dev.hostwarden.panel.model;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Structure;
import dev.hostwarden.core.platform.Platform;
import java.util.concurrent.CompletableFuture;

/**
 * Tells, within a second, when a process that is not our child ends. The JDK's
 * {@code ProcessHandle.onExit} polls such a process with a sleep that grows by 30 ms per round up to
 * 5 s, so an owner that had run for a while was noticed seconds late. On Linux 5.3+ a pidfd becomes
 * readable the moment its process exits: one thread per watched process blocks on it and costs
 * nothing while it waits. Elsewhere (or when pidfd_open is refused) the process is polled every
 * {@link #POLL_MILLIS} ms, which is cheap (one liveness check).
 */
final class ExitWatch {
    static final int POLL_MILLIS = 500;
    /** pidfd_open's number is the same on x86_64 and aarch64 (the unified syscall table). */
    private static final long SYS_PIDFD_OPEN = 434;
    private static final short POLLIN = 0x1;

    private ExitWatch() {
    }

    /** The parts of libc a pidfd wait needs. */
    interface LibC extends Library {
        long syscall(long number, Object... args);

        int poll(PollFd[] fds, long count, int timeoutMillis);

        int close(int fd);
    }

    /** {@code struct pollfd}. */
    @Structure.FieldOrder({"fd", "events", "revents"})
    public static final class PollFd extends Structure {
        public int fd;
        public short events;
        public short revents;
    }

    private static final LibC LIBC = loadLibC();

    private static LibC loadLibC() {
        if (!Platform.current().hasProcFs()) {
            return null;
        }
        try {
            return Native.load("c", LibC.class);
        } catch (UnsatisfiedLinkError | RuntimeException unavailable) {
            return null;
        }
    }

    /** Completes when process {@code pid} has ended (at once when it is not running now). */
    static CompletableFuture<Void> onExit(long pid) {
        CompletableFuture<Void> ended = new CompletableFuture<>();
        Thread waiter = new Thread(() -> {
            if (!awaitPidfd(pid)) {
                awaitByPolling(pid);
            }
            ended.complete(null);
        }, "hostwarden-exit-" + pid);
        waiter.setDaemon(true);
        waiter.start();
        return ended;
    }

    /** Waits on a pidfd; false when none could be had (then nothing was waited for). */
    private static boolean awaitPidfd(long pid) {
        if (LIBC == null) {
            return false;
        }
        int fd;
        try {
            fd = (int) LIBC.syscall(SYS_PIDFD_OPEN, (int) pid, 0);
        } catch (UnsatisfiedLinkError | RuntimeException unavailable) {
            return false;
        }
        if (fd < 0) {
            // ESRCH: already gone; ENOSYS/EPERM: no pidfds here. Polling answers both correctly.
            return false;
        }
        try {
            PollFd[] fds = (PollFd[]) new PollFd().toArray(1);
            fds[0].fd = fd;
            fds[0].events = POLLIN;
            while (true) {
                fds[0].revents = 0;
                fds[0].write();
                int ready = LIBC.poll(fds, 1, -1);
                fds[0].read();
                if (ready > 0 && (fds[0].revents & POLLIN) != 0) {
                    return true;
                }
                if (ready < 0 && Native.getLastError() != 4) {
                    // Anything but EINTR: give the rest of the wait to polling.
                    return false;
                }
            }
        } finally {
            LIBC.close(fd);
        }
    }

    private static void awaitByPolling(long pid) {
        while (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }
}
