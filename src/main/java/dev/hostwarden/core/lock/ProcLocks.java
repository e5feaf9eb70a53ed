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
     * @param seenIn    the file that said so: {@code /proc/locks}, or {@code /proc/<pid>/fdinfo/<n>}
     */
    record Lookup(OptionalLong holder, boolean ambiguous, String seenIn) {
    }

    /** One held lock: "1: FLOCK ADVISORY WRITE <pid> <maj:min:inode> 0 EOF" (waiters, "1: -> ...", are not held). */
    private record Held(long pid, long major, long minor, long inode) {
    }

    /** Looks {@code file} up in /proc/locks; throws when /proc/locks is unreadable. */
    static Lookup lookup(Path file) throws IOException {
        return lookup(file, null);
    }

    /**
     * Looks {@code file} up: first among the descriptors of {@code likelyHolder} (the PID its record
     * names) when one is given, then in /proc/locks; throws when /proc/locks is needed and unreadable.
     * The first read of /proc/locks in a while waits for an RCU grace period (the kernel takes its
     * file-lock semaphore for writing, which also holds up every flock on the machine meanwhile):
     * 8-20 ms on a 2-core VM, the largest single part of a {@code status} over a live owner, which
     * its own descriptors answer in well under a millisecond.
     */
    static Lookup lookup(Path file, Long likelyHolder) throws IOException {
        long inode = ((Number) Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS)).longValue();
        long dev = ((Number) Files.getAttribute(file, "unix:dev", LinkOption.NOFOLLOW_LINKS)).longValue();
        if (likelyHolder != null && likelyHolder > 0) {
            Lookup seen = throughDescriptors(likelyHolder, file, major(dev), minor(dev), inode);
            if (seen != null) {
                return seen;
            }
        }
        return lookup(Files.readString(PROC_LOCKS, StandardCharsets.US_ASCII), major(dev), minor(dev), inode);
    }

    /**
     * The lock on (major, minor, inode) as {@code pid}'s own descriptors show it, or null: no
     * descriptor of that PID has {@code file} open with a lock on it, or its /proc entries cannot be
     * read (gone, another user's). {@code /proc/<pid>/fdinfo/<n>} lists, as {@code lock:} lines in
     * /proc/locks' own format, the locks held through descriptor n, so the holder it names is the one
     * /proc/locks would name.
     */
    private static Lookup throughDescriptors(long pid, Path file, long major, long minor, long inode) {
        for (Path fd : descriptorsOpenOn(pid, namesOfOpenFile(file))) {
            Path info = fdinfo(fd);
            for (Held held : parse(locksThrough(info))) {
                if (held.inode() == inode && held.major() == major && held.minor() == minor) {
                    return new Lookup(OptionalLong.of(held.pid()), false, info.toString());
                }
            }
        }
        return null;
    }

    /**
     * The descriptors ({@code /proc/<pid>/fd/<n>}) whose link reads one of {@code targets}; none
     * when that PID is gone, another user's, or /proc is hidden.
     */
    private static List<Path> descriptorsOpenOn(long pid, List<String> targets) {
        List<Path> found = new ArrayList<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : fds) {
                try {
                    if (targets.contains(Files.readSymbolicLink(fd).toString())) {
                        found.add(fd);
                    }
                } catch (IOException | RuntimeException closedMeanwhile) {
                    // Closed since the listing: not open on anything.
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            // Gone, another user's, or /proc hidden: nothing is seen open.
        }
        return found;
    }

    /** {@code /proc/<pid>/fdinfo/<n>} for the descriptor {@code /proc/<pid>/fd/<n>}. */
    private static Path fdinfo(Path fd) {
        return fd.getParent().resolveSibling("fdinfo").resolve(fd.getFileName().toString());
    }

    /** The lock lines of one fdinfo file; none when it is gone (the descriptor was closed meanwhile). */
    private static String locksThrough(Path fdinfo) {
        try {
            return lockLines(Files.readString(fdinfo, StandardCharsets.US_ASCII));
        } catch (IOException | RuntimeException closedMeanwhile) {
            return "";
        }
    }

    /** The {@code lock:} lines of an fdinfo file without their label: /proc/locks' lines for that descriptor. */
    static String lockLines(String fdinfo) {
        StringBuilder locks = new StringBuilder();
        for (String line : fdinfo.split("\n")) {
            if (line.startsWith("lock:")) {
                locks.append(line, "lock:".length(), line.length()).append('\n');
            }
        }
        return locks.toString();
    }

    static Lookup lookup(String procLocks, long major, long minor, long inode) {
        boolean inodeElsewhere = false;
        for (Held held : parse(procLocks)) {
            if (held.inode() == inode) {
                if (held.major() == major && held.minor() == minor) {
                    return new Lookup(OptionalLong.of(held.pid()), false, PROC_LOCKS.toString());
                }
                inodeElsewhere = true;
            }
        }
        return new Lookup(OptionalLong.empty(), inodeElsewhere, PROC_LOCKS.toString());
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
     * "{@code <absolute lockPath> (deleted)}" and its fdinfo lists a lock of that PID on the
     * descriptor's device and inode. Someone removed the lock file (or renamed another over it) while
     * the owner ran: the path then shows a free lock, yet the owner is alive and locked. Read-only:
     * opens no file and takes no lock. A gone PID, another user's process or an unreadable /proc
     * answers null, never an exception. Linux only.
     */
    public static Path orphanedLockDescriptor(long pid, Path lockPath) {
        if (pid <= 0) {
            return null;
        }
        for (Path fd : descriptorsOpenOn(pid, deletedTargets(lockPath))) {
            long inode;
            long dev;
            try {
                // Following the descriptor's link stats the open (unlinked) file itself.
                inode = ((Number) Files.getAttribute(fd, "unix:ino")).longValue();
                dev = ((Number) Files.getAttribute(fd, "unix:dev")).longValue();
            } catch (IOException | RuntimeException closedMeanwhile) {
                continue;
            }
            for (Held held : parse(locksThrough(fdinfo(fd)))) {
                if (held.pid() == pid && held.inode() == inode && held.major() == major(dev) && held.minor() == minor(dev)) {
                    return fd;
                }
            }
        }
        return null;
    }

    /** How the kernel names a descriptor of the unlinked lock file: its path as opened, plus " (deleted)". */
    private static List<String> deletedTargets(Path lockPath) {
        List<String> targets = new ArrayList<>();
        for (String name : namesOfOpenFile(lockPath)) {
            targets.add(name + " (deleted)");
        }
        return targets;
    }

    /** How the kernel names a descriptor of {@code path} (a /proc/PID/fd link's target): as given, and with the directory's links resolved. */
    private static List<String> namesOfOpenFile(Path path) {
        Path absolute = RendezvousDir.absolute(path);
        List<String> names = new ArrayList<>();
        names.add(absolute.toString());
        Path parent = absolute.getParent();
        if (parent != null && absolute.getFileName() != null) {
            try {
                names.add(parent.toRealPath().resolve(absolute.getFileName()).toString());
            } catch (IOException | RuntimeException unresolvable) {
                // The directory is gone: only the path as given can match.
            }
        }
        return names;
    }

    /** Linux's encoding of st_dev (new_encode_dev). */
    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & 0xffffff00L);
    }
}
