package dev.hostwarden.core;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Finds the holder of a lock from {@code /proc/locks} by the file's device and inode, without
 * opening the file or taking the lock: a brief try-lock could make an owner that is starting at
 * that moment see "held by other".
 */
final class ProcLocks {
    private static final Path PROC_LOCKS = Path.of("/proc/locks");

    private ProcLocks() {
    }

    /** The PID holding any lock on {@code file}, empty when none; throws when /proc/locks is unreadable. */
    static OptionalLong holderOf(Path file) throws IOException {
        long inode = ((Number) Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS)).longValue();
        long dev = ((Number) Files.getAttribute(file, "unix:dev", LinkOption.NOFOLLOW_LINKS)).longValue();
        return holderOf(Files.readString(PROC_LOCKS, StandardCharsets.US_ASCII), major(dev), minor(dev), inode);
    }

    static OptionalLong holderOf(String procLocks, long major, long minor, long inode) {
        for (String line : procLocks.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            // "1: FLOCK ADVISORY WRITE <pid> <maj:min:inode> 0 EOF"; "1: -> FLOCK ..." is a waiter, not a holder.
            if (fields.length < 6 || fields[1].equals("->")) {
                continue;
            }
            String[] id = fields[5].split(":");
            if (id.length != 3) {
                continue;
            }
            try {
                if (Long.parseLong(id[2]) == inode && Long.parseLong(id[0], 16) == major && Long.parseLong(id[1], 16) == minor) {
                    return OptionalLong.of(Long.parseLong(fields[4]));
                }
            } catch (NumberFormatException ignored) {
                // A line in a format we do not know describes some other lock.
            }
        }
        return OptionalLong.empty();
    }

    /** Linux's encoding of st_dev (new_encode_dev). */
    static long major(long dev) {
        return ((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL);
    }

    static long minor(long dev) {
        return (dev & 0xff) | ((dev >>> 12) & 0xffffff00L);
    }
}
