package dev.hostwarden.core.record;

import dev.hostwarden.core.platform.CurrentUser;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;

/**
 * The host rendezvous directory ({@code gateway-locks}) and the per-role file names in it, resolved
 * exactly as hermes' {@code _get_lock_dir()} does.
 */
public record RendezvousDir(Path path, LockDirSource source) {
    public static final String LOCKS_DIRNAME = "gateway-locks";
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rwx------");

    public RendezvousDir {
        path = absolute(path);
    }

    /**
     * The path made absolute with "." segments dropped, but ".." kept: after a symbolic link only the
     * kernel knows where ".." leads, and hermes hands such a path to the kernel verbatim (a lexical
     * clean-up could put us in another directory, with another lock, than a hermes owner).
     */
    public static Path absolute(Path path) {
        Path absolute = path.toAbsolutePath();
        for (Path name : absolute) {
            if (name.toString().equals("..")) {
                return absolute;
            }
        }
        return absolute.normalize();
    }

    public static RendezvousDir resolve(Environment env) {
        var explicit = env.get("HERMES_GATEWAY_LOCK_DIR");
        if (explicit.isPresent()) {
            return new RendezvousDir(Path.of(explicit.get()), LockDirSource.HERMES_GATEWAY_LOCK_DIR);
        }
        var xdg = env.xdgStateHome();
        if (xdg.isPresent()) {
            return new RendezvousDir(xdg.get().resolve("hermes").resolve(LOCKS_DIRNAME), LockDirSource.XDG_STATE_HOME);
        }
        return new RendezvousDir(env.stateHome().resolve("hermes").resolve(LOCKS_DIRNAME), LockDirSource.HOME);
    }

    public static RendezvousDir of(Path path) {
        return new RendezvousDir(path, LockDirSource.OPTION);
    }

    public Path lockPath(Role role) {
        return path.resolve("host-" + role.wireName() + ".lock");
    }

    public Path recordPath(Role role) {
        return path.resolve("host-" + role.wireName() + ".json");
    }

    public Path tokenPath(Role role) {
        return path.resolve("host-" + role.wireName() + ".token");
    }

    /**
     * Why this user must not use the directory, or null: it exists and belongs to another OS user.
     * hermes would chmod it to 0700 and publish its token there; Hostwarden never writes into or
     * changes another user's directory (a group- or world-writable directory of ours is repaired,
     * as hermes does). Only looks; a directory that does not exist yet is ours to create.
     */
    public String foreignOwner() {
        if (!Platform.current().hasPosixPermissions()) {
            return null;
        }
        try {
            int owner = (Integer) Files.getAttribute(path, "unix:uid");
            int me = CurrentUser.uid();
            return owner == me ? null : "the lock directory " + path + " belongs to another user (uid " + owner + "; this user is uid "
                    + me + "): Hostwarden never writes into or changes another user's directory; use a directory of your own (--lock-dir DIR)";
        } catch (IOException | RuntimeException unknown) {
            // Absent (ours to create) or unreadable (the readability checks report it).
            return null;
        }
    }

    /** A rendezvous directory that belongs to another user: never written into, never chmodded. */
    public static final class ForeignDirectoryException extends IOException {
        ForeignDirectoryException(String message) {
            super(message);
        }
    }

    /**
     * Creates the directory 0700, or repairs an existing one that has group/other bits, as hermes'
     * {@code ensure_host_state_dir}. Only writers call this; readers never create anything. Another
     * user's directory is refused and left as it is.
     */
    public void ensure() throws IOException {
        if (!Platform.current().hasPosixPermissions()) {
            Files.createDirectories(path);
            return;
        }
        if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(path.getParent());
            try {
                Files.createDirectory(path, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
            } catch (FileAlreadyExistsException raced) {
                if (!Files.isDirectory(path)) {
                    throw raced;
                }
            }
        }
        // Checked after the creation step, which leaves an existing directory alone: a directory
        // another user created meanwhile is refused too, before the chmod below.
        String foreign = foreignOwner();
        if (foreign != null) {
            throw new ForeignDirectoryException(foreign);
        }
        try {
            Set<PosixFilePermission> current = Files.getPosixFilePermissions(path);
            if (!OWNER_ONLY.containsAll(current)) {
                Files.setPosixFilePermissions(path, OWNER_ONLY);
            }
        } catch (IOException ignored) {
            // hermes ignores a failed repair too: the directory still works, only less private.
        }
    }
}
