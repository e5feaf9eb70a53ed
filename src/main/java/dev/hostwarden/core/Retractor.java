package dev.hostwarden.core;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordRead;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Race-safe retract of a dead owner's record and token: take the host lock, re-read while holding it
 * (no owner can publish meanwhile), remove the record then the token, release. Never removes what a
 * lock holder published, a foreign user's file, or the lock file. A dry run takes no lock and
 * creates nothing.
 */
public final class Retractor {
    /** The removal step; a seam so a test can inject a racing claimer exactly where hermes' test does. */
    @FunctionalInterface
    public interface Remover {
        boolean remove(Path path) throws IOException;
    }

    private final HostRendezvous rendezvous;
    private final Remover remover;

    Retractor(HostRendezvous rendezvous) {
        this(rendezvous, new FileRemover());
    }

    /** The real removal; a class rather than a method reference, which status's start-up would pay for. */
    private static final class FileRemover implements Remover {
        @Override
        public boolean remove(Path path) throws IOException {
            return PrivateFiles.remove(path);
        }
    }

    private Retractor(HostRendezvous rendezvous, Remover remover) {
        this.rendezvous = rendezvous;
        this.remover = remover;
    }

    public Retractor withRemover(Remover replacement) {
        return new Retractor(rendezvous, replacement);
    }

    public RetractResult retract(Role role, boolean dryRun) {
        Reason unusable = RoleInspector.unusableDirectory(rendezvous.dir());
        if (unusable != null) {
            return new RetractResult(role, RetractResult.Outcome.UNUSABLE, List.of(), dryRun,
                    RetractResult.Refusal.unusable(unusable.message()));
        }
        RetractResult preview = preview(role, rendezvous.probeHostLock(role), rendezvous.read(role));
        if (dryRun || preview.outcome() != RetractResult.Outcome.REMOVED) {
            return new RetractResult(role, preview.outcome(), preview.removed(), dryRun, preview.refused());
        }
        ClaimResult claim = rendezvous.claimHostLock(role);
        switch (claim.outcome()) {
            case HELD_BY_OTHER:
                return refused(role, false, heldMessage(rendezvous.probeHostLock(role)));
            case COULD_NOT_OPEN:
                return new RetractResult(role, RetractResult.Outcome.UNUSABLE, List.of(), false,
                        RetractResult.Refusal.unusable("The lock cannot be opened: " + IoMessages.describe(claim.error())));
            default:
                break;
        }
        try {
            // Holding the lock, nobody can publish: what we read now is what we remove.
            RecordRead current = rendezvous.read(role);
            String orphaned = orphanedLockMessage(role, current);
            if (orphaned != null) {
                // Our lock is on a new lock file: the owner named by the record may hold the old one.
                return refused(role, false, orphaned);
            }
            List<Path> removed = new ArrayList<>();
            for (Path path : candidates(role, current)) {
                try {
                    if (remover.remove(path)) {
                        removed.add(path);
                    }
                } catch (IOException failed) {
                    return new RetractResult(role, RetractResult.Outcome.UNUSABLE, removed, false,
                            RetractResult.Refusal.unusable("Cannot remove " + path + ": " + IoMessages.describe(failed)));
                }
            }
            return new RetractResult(role, removed.isEmpty() ? RetractResult.Outcome.NOTHING : RetractResult.Outcome.REMOVED,
                    removed, false, null);
        } finally {
            rendezvous.releaseHostLock(role);
        }
    }

    /**
     * What a retract would do now, decided from a lock probe and a record read the caller already
     * made (status shows this as {@code retractable}): the dry run's answer. Takes no lock.
     */
    public RetractResult preview(Role role, LockProbe lock, RecordRead read) {
        if (rendezvous.ownsHostLock(role)) {
            return new RetractResult(role, RetractResult.Outcome.REFUSED, List.of(), true,
                    new RetractResult.Refusal("OWN_LOCK", "This process holds the " + role + " host lock: its record is live"));
        }
        if (lock.state() == LockState.UNKNOWN) {
            // The lock file cannot be opened or examined: the same UNUSABLE that status reports.
            return new RetractResult(role, RetractResult.Outcome.UNUSABLE, List.of(), true,
                    RetractResult.Refusal.unusable("The lock file cannot be used: " + lock.detail()));
        }
        if (lock.state() == LockState.HELD) {
            return refused(role, true, heldMessage(lock));
        }
        String orphaned = orphanedLockMessage(role, read);
        if (orphaned != null) {
            return refused(role, true, orphaned);
        }
        String directory = read instanceof RecordRead.Corrupt ? directoryInTheWay(rendezvous.recordPath(role)) : null;
        if (directory != null) {
            return new RetractResult(role, RetractResult.Outcome.UNUSABLE, List.of(), true,
                    new RetractResult.Refusal(RetractResult.Refusal.RECORD_IS_DIRECTORY, directory));
        }
        List<Path> candidates = candidates(role, read);
        return new RetractResult(role, candidates.isEmpty() ? RetractResult.Outcome.NOTHING : RetractResult.Outcome.REMOVED,
                candidates, true, null);
    }

    /** The record (or what stands at its path) and then the token, when they are ours to remove. */
    private List<Path> candidates(Role role, RecordRead read) {
        List<Path> paths = new ArrayList<>();
        Path record = rendezvous.recordPath(role);
        Path token = rendezvous.tokenPath(role);
        if (read instanceof RecordRead.Foreign) {
            return paths;
        }
        if (!(read instanceof RecordRead.Absent) && exists(record)) {
            paths.add(record);
        }
        try {
            if (PrivateFiles.kindOf(token) != PrivateFiles.Kind.ABSENT && PrivateFiles.ownedByCurrentUser(token)) {
                paths.add(token);
            }
        } catch (IOException unreadable) {
            // A token we cannot even look at is not ours to remove.
        }
        return paths;
    }

    /**
     * Why a directory at the record path stops a retract, or null: retract removes files and empty
     * directories only, so a directory with entries (or one it cannot look into) stays for a person.
     */
    private static String directoryInTheWay(Path record) {
        if (!Files.isDirectory(record, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        String contents;
        try (var entries = Files.newDirectoryStream(record)) {
            if (!entries.iterator().hasNext()) {
                return null;
            }
            contents = "a directory with entries in it";
        } catch (IOException | RuntimeException unreadable) {
            contents = "a directory that cannot be looked into";
        }
        return record + " is " + contents + ", where the record belongs; retract removes only files and empty directories: "
                + "look inside it, then remove it by hand (rm -r " + record + ")";
    }

    private static boolean exists(Path path) {
        return Files.exists(path, LinkOption.NOFOLLOW_LINKS);
    }

    private static RetractResult refused(Role role, boolean dryRun, String message) {
        return new RetractResult(role, RetractResult.Outcome.REFUSED, List.of(), dryRun,
                new RetractResult.Refusal("LOCK_HELD", message));
    }

    /**
     * Why the record's PID must be kept although the lock file shows a free lock (it still holds the
     * lock of a lock file deleted or replaced under it), or null. Linux only.
     */
    private String orphanedLockMessage(Role role, RecordRead read) {
        HostRecord record = read.recordOrNull();
        return record != null && rendezvous.holdsDeletedLockFile(record)
                ? RoleInspector.orphanedLockMessage(record.pid(), RendezvousDir.absolute(rendezvous.lockPath(role))) + "; nothing was removed"
                : null;
    }

    private static String heldMessage(LockProbe lock) {
        return "The host lock is held" + (lock.holderPid() == null ? "" : " by PID " + lock.holderPid())
                + ": the owner may be alive, nothing was removed";
    }
}
