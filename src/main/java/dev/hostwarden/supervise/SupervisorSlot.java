package dev.hostwarden.supervise;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.io.Sha256;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The one supervisor of a role in a rendezvous directory: an OS lock of its own,
 * {@code <state>/hostwarden/supervisors/<role>-<directory hash>.lock}, held for as long as a
 * supervisor (the {@code supervise} command or a panel's "Keep running") keeps the role, and beside it
 * the {@link SupervisionRecord} it publishes. A second supervisor finds the lock held and says who
 * holds it instead of acting, so two never fight over one role. The same lock kind as hermes' host
 * locks (flock, or the Windows byte range), so the holder's death frees it.
 */
public final class SupervisorSlot {
    private final Path lock;
    private final Path record;
    private final String lockName;

    private SupervisorSlot(Path lock, Path record, String lockName) {
        this.lock = lock;
        this.record = record;
        this.lockName = lockName;
    }

    /** The slot of {@code role} in the rendezvous directory {@code lockDir}, kept in {@code stateHome}. */
    public static SupervisorSlot of(Path stateHome, Role role, Path lockDir) {
        Path dir = stateHome.resolve("hostwarden").resolve("supervisors");
        String key = role.wireName() + "-" + hash(lockDir.toAbsolutePath().normalize().toString());
        return new SupervisorSlot(dir.resolve(key + ".lock"), dir.resolve(key + ".json"), "supervisor:" + key);
    }

    private static String hash(String text) {
        // Sha256 rather than MessageDigest: status reads every role's slot in a fresh JVM, which would
        // otherwise set up the JDK's security providers for this one hash.
        return Sha256.hex(Sha256.digest(text.getBytes(StandardCharsets.UTF_8)), 6);
    }

    public Path lockPath() {
        return lock;
    }

    /** Takes the slot without waiting; false when another supervisor holds it (or the directory cannot be used). */
    public boolean claim() throws IOException {
        ensureDirectory();
        ClaimResult claim = FileLocks.tryClaim(lockName, lock);
        if (claim.error() != null) {
            throw claim.error();
        }
        return claim.acquired();
    }

    /** Publishes what this holder does now (atomically, 0600). */
    public void publish(SupervisionRecord now) throws IOException {
        PrivateFiles.writeAtomically(record, now.toJson().getBytes(StandardCharsets.UTF_8));
    }

    /** Gives the slot up: the record goes first, then the lock. */
    public void release() {
        try {
            PrivateFiles.remove(record);
        } catch (IOException ignored) {
            // A leftover record without a held lock is ignored by every reader.
        }
        FileLocks.release(lockName, lock);
    }

    /**
     * The supervisor that holds this slot now, as it describes itself; empty when nobody holds it
     * (a record left by a supervisor that died is not a supervisor). Creates nothing, takes no lock
     * another process could notice.
     */
    public Optional<SupervisionRecord> holder() {
        Optional<byte[]> bytes;
        try {
            bytes = PrivateFiles.readSmall(record);
        } catch (IOException unreadable) {
            return Optional.empty();
        }
        // No lambda: status reads this in a fresh JVM, where the first lambda links the JDK's lambda machinery.
        SupervisionRecord found = bytes.isPresent() ? SupervisionRecord.parse(new String(bytes.get(), StandardCharsets.UTF_8)) : null;
        if (found == null) {
            return Optional.empty();
        }
        // The PID the record names is asked first: its own descriptors show its lock, without /proc/locks.
        LockProbe probe = FileLocks.probe(lockName, lock, found.pid());
        if (probe.state() != LockState.HELD || (probe.holderPid() != null && probe.holderPid() != found.pid())) {
            return Optional.empty();
        }
        return Optional.of(found);
    }

    /** The supervisors' directory: created 0700; never written into when it is not this user's. */
    private void ensureDirectory() throws IOException {
        Path dir = lock.getParent();
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
            try {
                if (Platform.current().hasPosixPermissions()) {
                    Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                } else {
                    Files.createDirectory(dir);
                }
            } catch (FileAlreadyExistsException raced) {
                // Another supervisor made it first.
            }
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                || (Platform.current().hasPosixPermissions() && !PrivateFiles.ownedByCurrentUser(dir))) {
            throw new IOException(dir + " is not a directory of this user");
        }
    }
}
