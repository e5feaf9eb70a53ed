package dev.hostwarden.core.lock;

import java.io.IOException;
import java.nio.file.Path;

/** A held OS lock, whichever kind the platform takes, so {@link FileLocks} keeps one registry for both. */
interface HeldLock {
    /** Unlocks and closes; the lock file stays on disk. */
    void release();

    /** Replaces the lock file's content (the per-home runtime lock carries a PID record). */
    void overwrite(byte[] content) throws IOException;

    /** Whether {@code path} still names the file this lock is on (it may have been deleted or replaced). */
    boolean isAt(Path path);
}
