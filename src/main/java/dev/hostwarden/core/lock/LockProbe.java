package dev.hostwarden.core.lock;

import java.nio.file.Path;

/**
 * A read-only look at a lock file.
 *
 * @param holderPid the holding process where the platform can tell (Linux: {@code /proc/locks}), else null
 * @param detail    how it was found out, or the OS error for {@link LockState#UNKNOWN}
 */
public record LockProbe(Path path, LockState state, Long holderPid, boolean ownedByThisProcess, String detail) {
    /** hermes' {@code host_lock_is_held}: unknown counts as held, the conservative answer. */
    public boolean heldOrUnknown() {
        return state == LockState.HELD || state == LockState.UNKNOWN;
    }
}
