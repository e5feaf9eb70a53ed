package dev.hostwarden.core.lock;

import dev.hostwarden.core.record.RendezvousDir;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.StringTokenizer;

/**
 * Finds the holder of a lock from {@code /proc/locks} by the file's device and inode, without
 * opening the file or taking the lock: a brief try-lock could make an owner that is starting at
 * that moment see "held by other".
 */
public final class ProcLocks {
    private static final Path PROC_LOCKS = Path.of("/proc/locks");

    private ProcLocks() {
    }

    /**
     * What {@code /proc/locks} says about one file.
     *
     * @param ambiguous no line names this device and inode, but one names the inode on another
     *                  device: on overlayfs the kernel lists the upper layer's device, so only a
     *                  try-lock can tell
     */
    record Lookup(OptionalLong holder, boolean ambiguous) {
    }

    /** One held lock: "1: FLOCK ADVISORY WRITE <pid> <maj:min:inode> 0 EOF" (waiters, "1: -> ...", are not held). */
    private record Held(long pid, long major, long minor, long inode) {
    }

    /** Looks {@code file} up in /proc/locks; throws when /proc/locks is unreadable. */
    static Lookup lookup(Path file) throws IOException {
        long inode = ((Number) Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS)).longValue();
        long dev = ((Number) Files.getAttribute(file, "unix:dev", LinkOption.NOFOLLOW_LINKS)).longValue();
        return lookup(Files.readString(PROC_LOCKS, StandardCharsets.US_ASCII), major(dev), minor(dev), inode);
    }

    static Lookup lookup(String procLocks, long major, long minor, long inode) {
        boolean inodeElsewhere = false;
        for (Held held : parse(procLocks)) {
            if (held.inode() == inode) {
                if (held.major() == major && held.minor() == minor) {
                    return new Lookup(OptionalLong.of(held.pid()), false);
                }
                inodeElsewhere = true;
            }
        }
        return new Lookup(OptionalLong.empty(), inodeElsewhere);
    }

    /** The PID holding a lock on (major, minor, inode), empty when none. */
    static OptionalLong holderOf(String procLocks, long major, long minor, long inode) {
        return lookup(procLocks, major, minor, inode).holder();
    }

    private static List<Held> parse(String procLocks) {
        List<Held> held = new ArrayList<>();
        for (String line : procLocks.split("\n")) {
            // StringTokenizer, not split("\\s+"): compiling a regex is a measurable part of status's start-up.
            StringTokenizer tokens = new StringTokenizer(line);
            String[] fields = new String[Math.min(tokens.countTokens(), 6)];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = tokens.nextToken();
            }
            if (fields.length < 6 || fields[1].equals("->")) {
                continue;
            }
            String[] id = fields[5].split(":");
            if (id.length != 3) {
                continue;
            }
            try {
                held.add(new Held(Long.parseLong(fields[4]), Long.parseLong(id[0], 16), Long.parseLong(id[1], 16), Long.parseLong(id[2])));
            } catch (NumberFormatException ignored) {
                // A line in a format we do not know describes some other lock.
            }
        }
        return held;
    }

    /**
     * Whether {@code pid} still holds a lock on a lock file that was deleted or replaced under it: see
     * {@link #orphanedLockDescriptor}. Linux only.
     */
    public static boolean holdsOrphanedLock(long pid, Path lockPath) {
        return orphanedLockDescriptor(pid, lockPath) != null;
    }

    /**
     * The descriptor ({@code /proc/<pid>/fd/<n>}) through which {@code pid} holds a lock on the
     * unlinked inode of {@code lockPath}, or null: the descriptor's link reads
     * "{@code <absolute lockPath> (deleted)}" and /proc/locks lists a lock of that PID on the
     * descriptor's device and inode. Someone removed the lock file (or renamed another over it) while
     * the owner ran: the path then shows a free lock, yet the owner is alive and locked. Read-only:
     * opens no file and takes no lock. A gone PID, another user's process or an unreadable /proc
     * answers null, never an exception. Linux only.
     */
    public static Path orphanedLockDescriptor(long pid, Path lockPath) {
        if (pid <= 0) {
            return null;
        }
        List<String> deletedTargets = deletedTargets(lockPath);
        String procLocks = null;
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                String target;
                try {
                    target = Files.readSymbolicLink(fd).toString();
                } catch (IOException | RuntimeException closedMeanwhile) {
                    continue;
                }
                if (!deletedTargets.contains(target)) {
                    continue;
                }
                // Following the descriptor's link stats the open (unlinked) file itself.
                long inode = ((Number) Files.getAttribute(fd, "unix:ino")).longValue();
                long dev = ((Number) Files.getAttribute(fd, "unix:dev")).longValue();
                if (procLocks == null) {
                    procLocks = Files.readString(PROC_LOCKS, StandardCharsets.US_ASCII);
                }
                for (Held held : parse(procLocks)) {
                    if (held.pid() == pid && held.inode() == inode && held.major() == major(dev) && held.minor() == minor(dev)) {
                        return fd;
                    }
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // Gone, another user's, or /proc hidden: nothing proves an orphaned lock.
        }
        return null;
    }

    /** How the kernel names a descriptor of the unlinked lock file: its path as opened, plus " (deleted)". */
    private static List<String> deletedTargets(Path lockPath) {
        Path absolute = RendezvousDir.absolute(lockPath);
        List<String> targets = new ArrayList<>();
        targets.add(absolute + " (deleted)");
        Path parent = absolute.getParent();
        if (parent != null && absolute.getFileName() != null) {
            try {
                // The kernel resolves links in the directory's path.
                targets.add(parent.toRealPath().resolve(absolute.getFileName()) + " (deleted)");
            } catch (IOException | RuntimeException unresolvable) {
                // The directory is gone: only the path as given can match.
            }
        }
        return targets;
    }

    /** Linux's encoding of st_dev (new_encode_dev). */
    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & 0xffffff00L);
    }
}
