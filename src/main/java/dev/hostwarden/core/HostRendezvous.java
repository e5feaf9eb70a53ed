package dev.hostwarden.core;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.ProcLocks;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.ExitCleanup;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.Incarnation;
import dev.hostwarden.core.proof.Liveness;
import dev.hostwarden.core.proof.LivenessJudge;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.RecordRead;
import dev.hostwarden.core.record.RecordStore;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * The host rendezvous of one environment: claim and release host locks, publish and read records,
 * judge liveness, retract dead records. The same operations as hermes' {@code host_rendezvous}
 * module, with the rendezvous directory re-resolved on every call (the lock cache follows it).
 */
public final class HostRendezvous {
    private final Supplier<RendezvousDir> dir;
    private final ProcessInspector inspector;
    private final LivenessJudge judge;

    public HostRendezvous(Supplier<RendezvousDir> dir, ProcessInspector inspector) {
        this.dir = dir;
        this.inspector = inspector;
        this.judge = new LivenessJudge(inspector);
    }

    /** The rendezvous of this process's real environment. */
    public static HostRendezvous system() {
        Environment env = Environment.system();
        return new HostRendezvous(() -> RendezvousDir.resolve(env), ProcessInspector.system());
    }

    public static HostRendezvous at(RendezvousDir dir, ProcessInspector inspector) {
        return new HostRendezvous(new FixedDir(dir), inspector);
    }

    /**
     * A directory that never changes. A record and not a lambda, as {@link HostLockHeld}: the status
     * path links no lambda, because in the fresh JVM of each status run the first lambda costs the
     * JDK's lambda set-up and each one its own generated class, about a tenth of the whole run.
     */
    private record FixedDir(RendezvousDir dir) implements Supplier<RendezvousDir> {
        @Override
        public RendezvousDir get() {
            return dir;
        }
    }

    /** hermes' lazy {@code host_lock_is_held}: asked only by the rows of the decision table that need it. */
    private record HostLockHeld(HostRendezvous rendezvous, Role role) implements BooleanSupplier {
        @Override
        public boolean getAsBoolean() {
            return rendezvous.hostLockIsHeld(role);
        }
    }

    public RendezvousDir dir() {
        return dir.get();
    }

    public ProcessInspector inspector() {
        return inspector;
    }

    public RecordStore store() {
        return new RecordStore(dir());
    }

    public Path lockPath(Role role) {
        return dir().lockPath(role);
    }

    public Path recordPath(Role role) {
        return dir().recordPath(role);
    }

    public Path tokenPath(Role role) {
        return dir().tokenPath(role);
    }

    // ---- host lock ------------------------------------------------------------------------------

    /** Claims the role's host lock without blocking; idempotent for this process. */
    public ClaimResult claimHostLock(Role role) {
        return claim(role, false);
    }

    /** Blocks until the role's host lock is free, then takes it. */
    public ClaimResult claimHostLockWaiting(Role role) {
        return claim(role, true);
    }

    private ClaimResult claim(Role role, boolean wait) {
        RendezvousDir current = dir();
        if (!FileLocks.owns(role.wireName(), current.lockPath(role))) {
            try {
                current.ensure();
            } catch (IOException unusable) {
                log().log(Level.WARNING, "host {0} lock could not be opened at {1}: {2}", role, current.lockPath(role),
                        IoMessages.describe(unusable));
                return new ClaimResult(LockOutcome.COULD_NOT_OPEN, unusable);
            }
        }
        return wait ? FileLocks.claimWaiting(role.wireName(), current.lockPath(role))
                : FileLocks.tryClaim(role.wireName(), current.lockPath(role));
    }

    /** Whether this process holds the lock for the current directory (never re-probes its own lock). */
    public boolean ownsHostLock(Role role) {
        return FileLocks.owns(role.wireName(), lockPath(role));
    }

    public void releaseHostLock(Role role) {
        FileLocks.release(role.wireName(), lockPath(role));
    }

    /**
     * A read-only look at the role's host lock; creates nothing. The PID the record names is asked
     * first (its own descriptors show its lock), which spares /proc/locks when that owner holds it.
     */
    public LockProbe probeHostLock(Role role) {
        Path lock = lockPath(role);
        if (!Platform.current().hasProcFs() || FileLocks.owns(role.wireName(), lock)) {
            return FileLocks.probe(role.wireName(), lock);   // no descriptors to ask, or the answer is this process
        }
        HostRecord record = read(role).recordOrNull();
        return FileLocks.probe(role.wireName(), lock, record == null ? null : record.pid());
    }

    /** hermes' {@code host_lock_is_held}: owned, or held by another process; an absent file is free. */
    public boolean hostLockIsHeld(Role role) {
        return probeHostLock(role).heldOrUnknown();
    }

    // ---- records --------------------------------------------------------------------------------

    /** The record this process would publish now. */
    public HostRecord ownRecord(Role role, String host, Integer port, List<String> profiles, String token, String home) {
        long pid = Platform.currentPid();
        return new HostRecord(role, home, pid, inspector.createTime(pid), inspector.startTicks(pid),
                inspector.currentBootEpoch(), host, port != null && port > 0 ? port : null, HostRecord.PROTOCOL_VERSION,
                Tokens.fingerprint(token), profiles, RecordCodec.utcNow());
    }

    /** Publishes this process's record (token first); null with a warning when it cannot be written. */
    public HostRecord publishRecord(Role role, String host, Integer port, List<String> profiles, String token, String home) {
        return publishRecord(role, host, port, profiles, token, home, null);
    }

    /** Like the above, with the fleet lease's fencing revision in the record (null: none). */
    public HostRecord publishRecord(Role role, String host, Integer port, List<String> profiles, String token, String home, Long fleetRevision) {
        HostRecord record = ownRecord(role, host, port, profiles, token, home).withFleetRevision(fleetRevision);
        try {
            store().publish(record, token);
            return record;
        } catch (IOException failed) {
            log().log(Level.WARNING, "host {0} record could not be published; discovery will not find it: {1}", role,
                    IoMessages.describe(failed));
            return null;
        }
    }

    /**
     * The PID of the recorded owner when it is alive and still holds the lock of a lock file that was
     * deleted or replaced under it (Linux; elsewhere null). The lock at the path is free then, yet
     * taking it would run a second owner beside that one.
     */
    public Long ownerOnDeletedLockFile(Role role) {
        HostRecord record = readRecord(role, true);
        return record != null && holdsDeletedLockFile(record) ? record.pid() : null;
    }

    /** Whether the process a record names (not this one) still holds the lock of its role's deleted lock file (Linux). */
    public boolean holdsDeletedLockFile(HostRecord record) {
        return Platform.current().hasProcFs() && record.pid() != Platform.currentPid() && ProcLocks.holdsOrphanedLock(record.pid(), lockPath(record.role()));
    }

    /** Whether this process holds the role's host lock and its file is still the one at the lock path. */
    public boolean hostLockStillInPlace(Role role) {
        return FileLocks.stillInPlace(role.wireName(), lockPath(role));
    }

    /** Takes the host lock again on the file now at the lock path (see {@link FileLocks#reclaim}). */
    public ClaimResult reclaimHostLock(Role role) {
        return FileLocks.reclaim(role.wireName(), lockPath(role));
    }

    public RecordRead read(Role role) {
        return store().read(role);
    }

    /** hermes' {@code read_record}: the record, unless unusable, or stale and {@code includeStale} is false. */
    public HostRecord readRecord(Role role, boolean includeStale) {
        HostRecord record = read(role).recordOrNull();
        if (record == null || (!includeStale && recordIsStale(record))) {
            return null;
        }
        return record;
    }

    public Liveness judge(HostRecord record) {
        return judge.judge(record, new HostLockHeld(this, record.role()));
    }

    /** hermes' {@code _record_incarnation_matches}: MATCH, MISMATCH or UNPROVABLE. */
    public Incarnation incarnationMatches(HostRecord record) {
        return judge(record).incarnation();
    }

    public boolean recordIsStale(HostRecord record) {
        return record == null || judge(record).stale();
    }

    public boolean livenessIsProven(HostRecord record) {
        return record != null && judge(record).proven();
    }

    // ---- retract --------------------------------------------------------------------------------

    public Retractor retractor() {
        return new Retractor(this);
    }

    /**
     * hermes' {@code discard_dead_record}: removes the role's record and token when nobody holds the
     * host lock (or the record is our own), deciding while holding the lock. True when removed.
     */
    public boolean discardDeadRecord(Role role) {
        HostRecord record = readRecord(role, true);
        if (record == null) {
            return false;
        }
        if (record.pid() == Platform.currentPid()) {
            return clearOwnRecord(role);
        }
        if (ownsHostLock(role)) {
            return false;
        }
        return retractor().retract(role, false).removedSomething();
    }

    /**
     * Removes this process's own record and token; never another owner's. True when something was
     * removed.
     */
    public boolean clearOwnRecord(Role role) {
        RecordRead read = read(role);
        if (read instanceof RecordRead.Foreign) {
            return false;
        }
        HostRecord record = read.recordOrNull();
        if (record != null && record.pid() != Platform.currentPid()) {
            return false;
        }
        boolean removed = false;
        try {
            removed |= PrivateFiles.remove(recordPath(role));
        } catch (IOException ignored) {
            // Exit cleanup never fails the exit; the next starter proves the leftover stale.
        }
        try {
            removed |= PrivateFiles.remove(tokenPath(role));
        } catch (IOException ignored) {
            // As above.
        }
        return removed;
    }

    /** Arranges for this process's record, token and lock of {@code role} to go at exit (SIGTERM too). */
    public void cleanupOnExit(Role role) {
        ExitCleanup.register(role.wireName(), () -> {
            clearOwnRecord(role);
            releaseHostLock(role);
        });
    }

    /** Looked up on first use: logging setup is measurable in a short-lived command. */
    private static System.Logger log() {
        return System.getLogger(HostRendezvous.class.getName());
    }
}
