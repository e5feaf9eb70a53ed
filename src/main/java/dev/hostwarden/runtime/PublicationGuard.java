package dev.hostwarden.runtime;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Puts a live owner's lock files, record and token back when someone deletes or replaces them, and stops it (75) once its lock is lost. */
final class PublicationGuard {
    // The owner's logger: its log lines keep the name they always had, whichever class writes them.
    private static final System.Logger LOG = System.getLogger(HostOwner.class.getName());

    /** Whose record this keeps published, under whose monitor, and whom it stops. */
    private final HostOwner owner;
    private final Role role;
    private final Path home;
    private final HostRendezvous rendezvous;
    private final ProcessInspector inspector;
    private final List<String> argv;
    private ScheduledExecutorService guard;
    private String lastGuardWarning;

    PublicationGuard(HostOwner owner, Role role, Path home, HostRendezvous rendezvous, List<String> argv) {
        this.owner = owner;
        this.role = role;
        this.home = home;
        this.rendezvous = rendezvous;
        this.inspector = rendezvous.inspector();
        this.argv = argv;
    }

    /** Looks every {@code pollInterval} from now on, on a daemon thread (only an owner that holds the host lock). */
    void start(Duration pollInterval) {
        guard = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "owner-keep-published");
            thread.setDaemon(true);
            return thread;
        });
        guard.scheduleWithFixedDelay(this::keepPublished, pollInterval.toMillis(), pollInterval.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Stops looking; a no-op when never started. */
    void stop() {
        if (guard != null) {
            guard.shutdownNow();
        }
    }

    /**
     * Keeps what this owner holds and publishes in place. A cleanup script, or a status tool that
     * "fixed" what it took for stale files (users.md stories 11 and 12), can delete or replace the
     * lock file, the record or the token under a live owner: the OS lock then sits on a file nobody
     * else can open, the next starter takes the path and runs beside us, and discovery finds nothing.
     * Each poll this takes a displaced lock again on the file now at the path, and publishes the
     * record and token again. When another process took the path first, the owner stops (75).
     */
    private void keepPublished() {
        // The owner's monitor: the guard, a rescan and close() never run at once.
        synchronized (owner) {
            if (!owner.isServing()) {
                return;
            }
            try {
                if (!rendezvous.hostLockStillInPlace(role)) {
                    rendezvous.dir().ensure();
                    ClaimResult again = rendezvous.reclaimHostLock(role);
                    if (again.outcome() == LockOutcome.HELD_BY_OTHER) {
                        lockLost("the " + role + " host lock file " + rendezvous.lockPath(role) + " was deleted or replaced, and another process"
                                + HostOwner.holder(FileLocks.probeOnDisk(rendezvous.lockPath(role))) + " took it");
                        return;
                    }
                    if (!again.acquired()) {
                        // Nobody else can take an unusable path either; keep running and try again next poll.
                        warnOnce("the " + role + " host lock file " + rendezvous.lockPath(role)
                                + " was deleted or replaced under this owner and cannot be re-created: " + IoMessages.describe(again.error()));
                        return;
                    }
                    LOG.log(Level.WARNING, "the host lock file {0} was deleted or replaced under this owner; locked it again",
                            rendezvous.lockPath(role));
                }
                if (owner.ownsRuntimeLock() && !GatewayRuntimeLock.stillInPlace(home)) {
                    ClaimResult again = GatewayRuntimeLock.reclaim(home, argv, inspector);
                    if (again.outcome() == LockOutcome.HELD_BY_OTHER) {
                        lockLost("the runtime lock file " + GatewayRuntimeLock.pathFor(home) + " was deleted or replaced, and another process"
                                + HostOwner.holder(FileLocks.probeOnDisk(GatewayRuntimeLock.pathFor(home))) + " took it");
                        return;
                    }
                    if (again.acquired()) {
                        LOG.log(Level.WARNING, "the runtime lock file {0} was deleted or replaced under this owner; locked it again",
                                GatewayRuntimeLock.pathFor(home));
                    } else {
                        warnOnce("the runtime lock file " + GatewayRuntimeLock.pathFor(home)
                                + " was deleted or replaced under this owner and cannot be re-created: " + IoMessages.describe(again.error()));
                    }
                }
                HostRecord published = rendezvous.read(role).recordOrNull();
                HostRecord record = owner.record();
                if (published == null || published.pid() != record.pid() || !published.tokenFingerprint().equals(record.tokenFingerprint())
                        || !owner.token().equals(rendezvous.store().readToken(role).orElse(null))) {
                    HostRecord again = owner.publishAgain(record.profiles());
                    if (again != null) {
                        LOG.log(Level.WARNING, "the record and token file in {0} were removed or replaced under this owner; published them "
                                + "again (token fingerprint {1})", rendezvous.dir().path(), again.tokenFingerprint());
                    }
                }
            } catch (IOException | RuntimeException failed) {
                LOG.log(Level.DEBUG, "keeping the owner published failed this time: {0}", failed.toString());
            }
        }
    }

    /** A condition the guard sees on every poll is logged when it starts, not every poll. */
    private void warnOnce(String warning) {
        if (!warning.equals(lastGuardWarning)) {
            lastGuardWarning = warning;
            LOG.log(Level.WARNING, warning);
        }
    }

    /** Another process holds what was ours (here, or the fleet lease at its deadline): the owner stops with 75. */
    void lockLost(String why) {
        LOG.log(Level.ERROR, "{0}; this owner is no longer exclusive and stops", why);
        owner.stopNoLongerExclusive();
    }
}
