package dev.hostwarden.doctor;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The rendezvous directory's owner and mode, and its entries: a symbolic link, something that is not
 * a regular file, or a file of another user stands where only this user's owners should publish.
 */
final class LockDirCheck implements DoctorCheck {
    static final String NAME = "lockDir";

    @Override
    public Finding run(DoctorContext context) {
        Path dir = context.rendezvous().dir().path();
        try {
            PrivateFiles.Kind kind = PrivateFiles.kindOf(dir);
            if (kind == PrivateFiles.Kind.ABSENT) {
                return Finding.ok(NAME, dir + " does not exist yet (no owner has published)");
            }
            if (kind == PrivateFiles.Kind.SYMLINK) {
                return Finding.problem(NAME, dir + " is a symbolic link to " + Files.readSymbolicLink(dir), "replace the link with a real directory");
            }
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                return Finding.problem(NAME, dir + " is " + PrivateFiles.typeName(dir) + ", not a directory", "move it away; owners create the directory");
            }
            String foreign = context.rendezvous().dir().foreignOwner();
            if (foreign != null) {
                return Finding.problem(NAME, foreign, "use a directory of your own (--lock-dir DIR or HERMES_GATEWAY_LOCK_DIR)");
            }
            List<String> odd = new ArrayList<>();
            if (Platform.current().hasPosixPermissions()) {
                Set<PosixFilePermission> mode = Files.getPosixFilePermissions(dir, LinkOption.NOFOLLOW_LINKS);
                if (!mode.equals(PosixFilePermissions.fromString("rwx------"))) {
                    odd.add("the directory's mode is " + PosixFilePermissions.toString(mode) + " (owners keep it rwx------)");
                }
            }
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                for (Path entry : entries) {
                    String why = oddEntry(entry);
                    if (why != null) {
                        odd.add(entry.getFileName() + " " + why);
                    }
                }
            }
            if (odd.isEmpty()) {
                return Finding.ok(NAME, dir + ": this user's, rwx------, only regular files of this user");
            }
            return Finding.warn(NAME, dir + ": " + String.join("; ", odd),
                    "remove what this user did not put there (never another user's files by force); 'chmod 700 " + dir + "'");
        } catch (IOException unreadable) {
            return Finding.problem(NAME, dir + " cannot be read: " + IoMessages.describe(unreadable), "check its permissions");
        }
    }

    private static String oddEntry(Path entry) throws IOException {
        PrivateFiles.Kind kind = PrivateFiles.kindOf(entry);
        if (kind == PrivateFiles.Kind.SYMLINK) {
            return "is a symbolic link (to " + Files.readSymbolicLink(entry) + ")";
        }
        if (kind == PrivateFiles.Kind.OTHER) {
            return "is " + PrivateFiles.typeName(entry);
        }
        if (Platform.current().hasPosixPermissions() && !PrivateFiles.ownedByCurrentUser(entry)) {
            return "belongs to another user (uid " + PrivateFiles.uidOf(entry) + ")";
        }
        return null;
    }
}
