package dev.hostwarden.runtime;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.marker.TakeoverMarker;
import dev.hostwarden.core.platform.ExitCleanup;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.OwnershipHistory;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A reference owner of one role, built on the core exactly as a hermes owner behaves: it claims the
 * host lock, publishes its record (token first), serves its identity (HTTP for the serve roles, the
 * control socket for the gateway, which also takes its home's runtime lock), watches its home for a
 * planned-stop marker naming it, and on exit removes its own record and token and releases its locks.
 *
 * <pre>{@code
 * try (HostOwner owner = HostOwner.builder(Role.SERVE).home(home).port(0).build()) {
 *     owner.start();            // throws OwnerStartException: 75 held, 78 configuration
 *     int code = owner.awaitStop();   // 0 planned stop (marker, SIGINT), 1 any other signal, 75 lock lost
 * }
 * }</pre>
 */
public final class HostOwner implements AutoCloseable {
    public static final int EXIT_PLANNED = 0;
    public static final int EXIT_UNEXPECTED_SIGNAL = 1;
    /** Another process took the lock path after our lock file was deleted or replaced: no longer exclusive. */
    public static final int EXIT_LOCK_LOST = OwnerStartException.EX_TEMPFAIL;
    private static final System.Logger LOG = System.getLogger(HostOwner.class.getName());
    private static final Duration RUNTIME_LOCK_GRACE = Duration.ofSeconds(5);

    private final Role role;
    private final Path home;
    private final String host;
    private final int port;
    /** The given profiles, or a multiplexing gateway's homes found at start or the last rescan. */
    private final ServedProfiles served;
    private final boolean waitForLock;
    private final boolean force;
    private final Duration pollInterval;
    private final HostRendezvous rendezvous;
    private final ProcessInspector inspector;
    private final List<String> argv;
    /** Where this owner records its start and stop; null records nothing. */
    private final OwnershipHistory history;
    /** Ownership beyond this host, or null: the host lock alone decides. */
    private final ClusterLease clusterLease;
    /** The fleet lease's fencing token while this owner holds one. */
    private volatile Long fleetRevision;
    /** Puts the lock files, record and token back while this owner runs. */
    private final PublicationGuard publication;
    /** What the endpoint and the control socket answer. */
    private final OwnerAnswers answers;

    private final CountDownLatch stopRequested = new CountDownLatch(1);
    private final AtomicBoolean draining = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean running;
    private volatile boolean claiming;
    private volatile int exitCode = EXIT_UNEXPECTED_SIGNAL;
    private boolean ownsHostLock;
    private boolean ownsRuntimeLock;
    private String token;
    private volatile HostRecord record;
    private IdentityServer identity;
    private ControlSocketServer controlSocket;
    private ServerSocketChannel controlChannel;
    private volatile PlannedStopWatcher watcher;
    /** Who wrote the marker this owner obeyed, recorded with its end; null for any other end. */
    private volatile Actor stoppedBy;
    private Thread watcherThread;

    HostOwner(HostOwnerBuilder builder) {
        this.role = builder.role;
        this.home = builder.home.toAbsolutePath().normalize();
        this.host = builder.host;
        this.port = builder.port;
        this.served = new ServedProfiles(this, role, home, builder.profiles);
        this.waitForLock = builder.waitForLock;
        this.force = builder.force;
        this.pollInterval = builder.pollInterval;
        this.rendezvous = builder.rendezvous;
        this.inspector = builder.rendezvous.inspector();
        this.argv = List.copyOf(builder.argv);
        this.history = builder.history;
        this.clusterLease = builder.clusterLease;
        this.publication = new PublicationGuard(this, role, home, rendezvous, argv);
        this.answers = new OwnerAnswers(this, served, inspector);
    }

    public static HostOwnerBuilder builder(Role role) {
        return new HostOwnerBuilder(role);
    }

    // ---- lifecycle ------------------------------------------------------------------------------

    /** Claims, publishes, serves and watches. On failure everything taken so far is released. */
    public void start() throws OwnerStartException {
        try {
            startSteps();
        } catch (OwnerStartException | RuntimeException failed) {
            close();
            throw failed;
        }
    }

    private void startSteps() throws OwnerStartException {
        // Before anything is created: another user's rendezvous directory is never written into.
        String foreign = rendezvous.dir().foreignOwner();
        if (foreign != null) {
            throw OwnerStartException.config(foreign);
        }
        try {
            Files.createDirectories(home);
        } catch (IOException unusable) {
            throw OwnerStartException.config("home '" + home + "' cannot be created: " + IoMessages.describe(unusable));
        }
        served.discover();
        prepareBeforeClaim();
        claimHostLock();
        // From here on the exit cleanup removes what we publish, whatever ends the process.
        ExitCleanup.register(cleanupKey(), this::close);
        if (clusterLease != null && ownsHostLock) {
            // The host lock first: a standby on this machine waits here holding it, as a local --wait would.
            fleetRevision = clusterLease.acquire(waitForLock);
        }
        if (role == Role.GATEWAY) {
            acquireRuntimeLock();
        }
        Integer boundPort = null;
        try {
            if (role.servesHttp()) {
                boundPort = identity.bind(host, port);
            } else {
                controlSocket = ControlSocketServer.start(controlChannel, home, answers::controlVerb);
                controlChannel = null;
            }
        } catch (IOException | RuntimeException unbindable) {
            String where = role.servesHttp() ? host + ":" + port : "control socket of " + home;
            throw OwnerStartException.config("cannot listen on " + where + ": " + describe(unbindable));
        }
        if (ownsHostLock) {
            record = rendezvous.publishRecord(role, role.servesHttp() ? host : "", boundPort, served.now(), token, home.toString(), fleetRevision);
            if (record == null) {
                throw OwnerStartException.config("the " + role + " record could not be published in " + rendezvous.dir().path());
            }
        } else {
            record = rendezvous.ownRecord(role, role.servesHttp() ? host : "", boundPort, served.now(), token, home.toString());
        }
        running = true;
        if (ownsHostLock && history != null) {
            history.started(record);
        }
        if (ownsHostLock) {
            publication.start(pollInterval);
        }
        if (clusterLease != null && fleetRevision != null) {
            clusterLease.keep(publication::lockLost, this::plannedStopFromFleet);
        }
        LOG.log(Level.INFO, "owner running{0}, serving {1} (home {2}, token fingerprint {3})",
                boundPort == null ? "" : " on " + host + ":" + boundPort, ServedProfiles.describe(served.now()), home, record.tokenFingerprint());
    }

    /**
     * Everything that needs no lock happens before the claim, so a {@code --wait} claimer publishes
     * the moment the holder dies instead of then paying for class loading, the token's random
     * source, the HTTP server and the watch service. The watcher starts now too: it never fires
     * before the owner runs, so a marker meant for the previous owner is never obeyed here.
     */
    private void prepareBeforeClaim() throws OwnerStartException {
        token = Tokens.newToken();
        HostRecord draft = rendezvous.ownRecord(role, role.servesHttp() ? host : "", port, served.now(), token, home.toString());
        try {
            // Round trip through the codec: loads the JSON writer and reader now, not on the publish path.
            RecordCodec.decode(RecordCodec.encode(draft));
        } catch (RecordCodec.CorruptRecordException impossible) {
            throw new IllegalStateException(impossible);
        }
        if (role == Role.GATEWAY) {
            JsonTrees.compact(GatewayRuntimeLock.pidRecord(home, argv, inspector));
            try {
                controlChannel = ControlSocketServer.open();
            } catch (IOException unavailable) {
                throw OwnerStartException.config("the control socket cannot be created: " + describe(unavailable));
            }
        } else {
            try {
                identity = IdentityServer.create(token, answers::identity);
            } catch (IOException unavailable) {
                throw OwnerStartException.config("the identity endpoint cannot be created: " + describe(unavailable));
            }
        }
        PlannedStopMarker.forHome(home).peek();
        TakeoverMarker.forHome(home).peek();
        watcher = new PlannedStopWatcher(() -> PlannedStopMarker.pathFor(home), new PlannedStopWatcher.RunnerState() {
            @Override
            public boolean isRunning() {
                return running;
            }

            @Override
            public boolean isDraining() {
                return draining.get();
            }
        }, (handler, signal) -> {
            Thread thread = new Thread(() -> handler.shutdown(signal), "owner-shutdown");
            thread.setDaemon(true);
            thread.start();
        }, this::requestStop, pollInterval, inspector);
        watcherThread = watcher.startThread();
    }

    /**
     * The home's runtime lock, after the host lock. A {@code --wait} claimer whose holder ran on the
     * same home retries briefly: the OS drops a dead process's locks one file at a time.
     */
    private void acquireRuntimeLock() throws OwnerStartException {
        long deadline = System.nanoTime() + (waitForLock ? RUNTIME_LOCK_GRACE.toNanos() : 0);
        while (!GatewayRuntimeLock.acquire(home, argv, inspector)) {
            if (System.nanoTime() >= deadline) {
                LockProbe probe = GatewayRuntimeLock.probe(home);
                throw OwnerStartException.held("another gateway runs on home " + home + " (its runtime lock "
                        + GatewayRuntimeLock.pathFor(home) + " is held" + holder(probe) + ")", probe.holderPid());
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw OwnerStartException.held("interrupted waiting for the runtime lock of " + home, null);
            }
        }
        ownsRuntimeLock = true;
    }

    private void claimHostLock() throws OwnerStartException {
        claiming = true;
        ClaimResult claim = rendezvous.claimHostLock(role);
        if (waitForLock && claim.outcome() == LockOutcome.HELD_BY_OTHER) {
            LOG.log(Level.INFO, "the host lock is held{0}; waiting for it (--wait)", holder(rendezvous.probeHostLock(role)));
            claim = rendezvous.claimHostLockWaiting(role);
        }
        claiming = false;
        switch (claim.outcome()) {
            case ACQUIRED:
                Long beside = rendezvous.ownerOnDeletedLockFile(role);
                if (beside != null) {
                    rendezvous.releaseHostLock(role);
                    throw OwnerStartException.held("the " + role + " owner PID " + beside + " is alive and holds the lock of a deleted "
                            + "lock file at " + rendezvous.lockPath(role) + "; restart that owner to restore the lock", beside);
                }
                ownsHostLock = true;
                return;
            case COULD_NOT_OPEN:
                throw OwnerStartException.config("the " + role + " host lock cannot be opened in " + rendezvous.dir().path()
                        + ": " + IoMessages.describe(claim.error()));
            default:
                if (force) {
                    LOG.log(Level.WARNING, "--force: running beside the owner without the host lock and without a record");
                    return;
                }
                HostRecord owner = rendezvous.readRecord(role, true);
                Long pid = rendezvous.probeHostLock(role).holderPid();
                if (pid == null && owner != null) {
                    pid = owner.pid();
                }
                throw OwnerStartException.held("the " + role + " host lock is held by "
                        + (pid == null ? "another process" : "PID " + pid)
                        + (owner == null ? "" : " (owner " + owner.describe() + ")") + "; retry later, or use --wait", pid);
        }
    }

    /** True while blocked in {@code --wait} for the host lock (nothing published yet). */
    public boolean isClaiming() {
        return claiming;
    }

    public boolean isRunning() {
        return running;
    }

    public boolean isDraining() {
        return draining.get();
    }

    /** How often the planned-stop watcher has looked (answered by {@code status}, so tests wait on it). */
    public long watcherTicks() {
        PlannedStopWatcher current = watcher;
        return current == null ? 0 : current.ticks();
    }

    public Role role() {
        return role;
    }

    public Path home() {
        return home;
    }

    /** The published (or, with --force, unpublished) record; null before start. */
    public HostRecord record() {
        return record;
    }

    /** The profiles this owner serves now. */
    public List<String> served() {
        return served.now();
    }

    /**
     * The shutdown handler, hermes' {@code shutdown_signal_handler}: {@code signal} is null when the
     * watcher found a marker, else the signal name ({@code INT}, {@code TERM}, ...). Decides the exit
     * code once: a takeover or planned-stop marker naming us, or SIGINT, is a planned stop (0);
     * anything else is unexpected (1). Later calls are ignored (already draining).
     */
    public void requestStop(String signal) {
        if (!draining.compareAndSet(false, true)) {
            return;
        }
        // Read before consuming: the consume deletes the marker, and the log names who wrote it.
        PidMarker takeoverMarker = TakeoverMarker.forHome(home);
        PidMarker plannedMarker = PlannedStopMarker.forHome(home);
        Optional<PidMarker.Contents> takeoverSeen = takeoverMarker.readLive();
        Optional<PidMarker.Contents> plannedSeen = plannedMarker.readLive();
        boolean takeover = takeoverMarker.consumeForSelf(inspector, home);
        boolean planned = "INT".equals(signal) || (!takeover && plannedMarker.consumeForSelf(inspector, home));
        String received = signal == null ? "" : "SIG" + signal + " with ";
        if (takeover) {
            LOG.log(Level.INFO, "{0}a takeover marker from {1}: planned --replace takeover, exiting cleanly", received, writer(takeoverSeen));
        } else if ("INT".equals(signal)) {
            LOG.log(Level.INFO, "SIGINT: planned stop, exiting cleanly");
        } else if (planned) {
            LOG.log(Level.INFO, "{0}a planned-stop marker from {1}: planned stop, exiting cleanly", received, writer(plannedSeen));
        } else if (signal == null) {
            LOG.log(Level.INFO, "the planned-stop marker was gone or expired when read again: shutting down as an unexpected stop (exit 1)");
        } else {
            LOG.log(Level.INFO, "SIG{0} without a planned-stop marker naming this owner: shutting down as an unexpected stop (exit 1)", signal);
        }
        exitCode = takeover || planned ? EXIT_PLANNED : EXIT_UNEXPECTED_SIGNAL;
        Optional<PidMarker.Contents> obeyed = takeover ? takeoverSeen : planned ? plannedSeen : Optional.empty();
        stoppedBy = obeyed.map(PidMarker.Contents::writerPid).map(writer -> new Actor(writer, takeover ? "a --replace takeover" : null))
                .orElse(null);
        stopRequested.countDown();
    }

    /** A planned stop asked for across the fleet (the stop key naming this owner's revision): exit 0. */
    private void plannedStopFromFleet(String why) {
        if (draining.compareAndSet(false, true)) {
            LOG.log(Level.INFO, "{0}: planned stop, exiting cleanly", why);
            exitCode = EXIT_PLANNED;
            stopRequested.countDown();
        }
    }

    /** Blocks until a stop is requested, drains (see {@link #close()}), and returns the exit code. */
    public int awaitStop() throws InterruptedException {
        stopRequested.await();
        close();
        return exitCode;
    }

    /** Like {@link #awaitStop()} with a deadline; null when no stop came in time. */
    public Integer awaitStop(Duration timeout) throws InterruptedException {
        if (!stopRequested.await(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
            return null;
        }
        close();
        return exitCode;
    }

    /**
     * The drain: stops watching and serving, removes this process's record and token, releases the
     * runtime and host locks. Idempotent; also runs from the exit cleanup.
     */
    @Override
    public synchronized void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        running = false;
        draining.set(true);
        if (watcher != null) {
            watcher.stop();
        }
        publication.stop();
        // The record goes first, so discovery stops pointing here before the endpoint closes; the
        // host lock is released only after the endpoint is gone.
        if (ownsHostLock && history != null && record != null) {
            // While the lock is still held: a stopper that waits for it finds this line already written.
            history.stopped(record, exitCode, stoppedBy, false);
        }
        if (ownsHostLock) {
            rendezvous.clearOwnRecord(role);
        }
        if (identity != null) {
            identity.close();
        }
        if (controlSocket != null) {
            controlSocket.close();
        }
        if (controlChannel != null) {
            try {
                controlChannel.close();
            } catch (IOException ignored) {
                // Never bound: nothing else to release.
            }
        }
        if (clusterLease != null) {
            // After the record is gone and before the host lock: a clean stop hands the fleet over at once.
            clusterLease.release();
        }
        if (ownsHostLock) {
            rendezvous.releaseHostLock(role);
        }
        if (ownsRuntimeLock) {
            GatewayRuntimeLock.release(home);
        }
        ExitCleanup.unregister(cleanupKey());
        if (watcherThread != null && watcherThread != Thread.currentThread()) {
            try {
                watcherThread.join(2000);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private String cleanupKey() {
        return "host-owner-" + role.wireName();
    }

    // ---- for ServedProfiles and PublicationGuard, which publish again under this object's monitor ----

    /** Running, not draining, not closed: only then may the record be published again. */
    boolean isServing() {
        return !closed.get() && running && !draining.get();
    }

    boolean ownsHostLock() {
        return ownsHostLock;
    }

    boolean ownsRuntimeLock() {
        return ownsRuntimeLock;
    }

    String token() {
        return token;
    }

    /**
     * Publishes the record again with {@code profiles}, same token, address and fleet revision, and
     * keeps the new one; null (the record stays) when it could not be written.
     */
    HostRecord publishAgain(List<String> profiles) {
        HostRecord again = rendezvous.publishRecord(role, record.host(), record.port(), profiles, token, record.home(), fleetRevision);
        if (again != null) {
            record = again;
        }
        return again;
    }

    /** Another process took a lock of ours: no longer exclusive, so stop with 75 unless already stopping. */
    void stopNoLongerExclusive() {
        if (draining.compareAndSet(false, true)) {
            exitCode = EXIT_LOCK_LOST;
            stopRequested.countDown();
        }
    }

    /** The marker's writer as the log names it. */
    private static String writer(Optional<PidMarker.Contents> marker) {
        Long pid = marker.map(PidMarker.Contents::writerPid).orElse(null);
        return pid == null ? "an unnamed stopper" : "PID " + pid;
    }

    /** The holder as a message names it: " by PID n", or nothing when the probe cannot tell. */
    static String holder(LockProbe probe) {
        return probe.holderPid() == null ? "" : " by PID " + probe.holderPid();
    }

    private static String describe(Exception failure) {
        if (failure instanceof IOException io) {
            return IoMessages.describe(io);
        }
        return failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    }
}
