package dev.hostwarden.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
final class ProcLocks {
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

    /** Linux's encoding of st_dev (new_encode_dev). */
    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & 0xffffff00L);
    }
}
