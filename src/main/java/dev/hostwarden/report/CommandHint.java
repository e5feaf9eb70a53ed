package dev.hostwarden.report;

import dev.hostwarden.core.record.LockDirSource;
import dev.hostwarden.core.record.RendezvousDir;

/**
 * A command for a person to paste, as every hint prints it ({@code status}'s and {@code explain}'s
 * "fix" lines, {@code doctor}'s fixes): when the call named its rendezvous directory with
 * {@code --lock-dir}, the hint repeats it, quoted for a POSIX shell, so the pasted command acts on the
 * same directory. A directory from the environment carries over to the pasted command by itself.
 */
public final class CommandHint {
    private CommandHint() {
    }

    /** {@code hostwarden WORDS [--lock-dir DIR]}. */
    public static String of(RendezvousDir dir, String words) {
        return "hostwarden " + words + lockDirOption(dir);
    }

    /** " --lock-dir DIR" when the call had one, else "". */
    public static String lockDirOption(RendezvousDir dir) {
        return dir.source() == LockDirSource.OPTION ? " --lock-dir " + shellQuoted(dir.path().toString()) : "";
    }

    /** A POSIX shell word: unchanged when it is plain, else single-quoted. */
    public static String shellQuoted(String word) {
        if (!word.isEmpty() && word.matches("[A-Za-z0-9_@%+=:,./-]+")) {
            return word;
        }
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
