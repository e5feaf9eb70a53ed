package dev.hostwarden.doctor;

import dev.hostwarden.core.platform.IoMessages;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The lock directory's file system, as the mount table names it (what {@code statfs} answers): on
 * NFS, SMB/CIFS, FUSE or overlay, whether {@code flock} excludes another machine's or layer's process
 * depends on the server, so a lock that looks held or free may not be.
 */
final class FileSystemCheck implements DoctorCheck {
    static final String NAME = "fileSystem";
    private static final List<String> UNRELIABLE = List.of("nfs", "cifs", "smb", "fuse", "overlay");

    @Override
    public Finding run(DoctorContext context) {
        Path dir = context.rendezvous().dir().path();
        Path existing = dir;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return Finding.warn(NAME, "no part of " + dir + " exists", "check the lock directory path");
        }
        FileStore store;
        try {
            store = Files.getFileStore(existing);
        } catch (IOException unreadable) {
            return Finding.warn(NAME, "the file system of " + existing + " cannot be read: " + IoMessages.describe(unreadable), "");
        }
        String type = store.type();
        String where = existing.equals(dir) ? dir.toString() : existing + " (where " + dir + " would be created)";
        String lower = type.toLowerCase(Locale.ROOT);
        for (String risky : UNRELIABLE) {
            if (lower.startsWith(risky)) {
                return Finding.warn(NAME, where + " is on " + type + " (" + store.name() + "): file locks there depend on the server or layer",
                        "point HERMES_GATEWAY_LOCK_DIR (and --lock-dir) at a local directory such as $XDG_RUNTIME_DIR/hermes/gateway-locks");
            }
        }
        return Finding.ok(NAME, where + " is on " + type);
    }
}
