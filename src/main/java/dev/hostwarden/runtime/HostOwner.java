package dev.hostwarden.runtime;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.marker.TakeoverMarker;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.ExitCleanup;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.record.HermesHome;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
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
    /** The profiles given with --profiles; empty for a gateway that multiplexes every home it finds. */
    private final List<String> profiles;
    /** What this owner serves now: the given list, or (multiplexing) the homes found at start or the last rescan. */
    private volatile List<String> served;
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
    private ScheduledExecutorService guard;
    private String lastGuardWarning;

    private HostOwner(Builder builder) {
        this.role = builder.role;
        this.home = builder.home.toAbsolutePath().normalize();
        this.host = builder.host;
        this.port = builder.port;
        this.profiles = List.copyOf(builder.profiles);
        this.served = this.profiles;
        this.waitForLock = builder.waitForLock;
        this.force = builder.force;
        this.pollInterval = builder.pollInterval;
        this.rendezvous = builder.rendezvous;
        this.inspector = builder.rendezvous.inspector();
        this.argv = List.copyOf(builder.argv);
        this.history = builder.history;
        this.clusterLease = builder.clusterLease;
    }

    public static Builder builder(Role role) {
        return new Builder(role);
    }

    /** Configures an owner; every value is checked by {@link #build()}, nothing is touched before {@link #start()}. */
    public static final class Builder {
        private ClusterLease clusterLease;
        private final Role role;
        private Path home = HermesHome.resolve(Environment.system());
        private String host = "127.0.0.1";
        private int port;
        private List<String> profiles = List.of();
        private boolean waitForLock;
        private boolean force;
        private Duration pollInterval = PlannedStopWatcher.DEFAULT_POLL_INTERVAL;
        private HostRendezvous rendezvous = HostRendezvous.system();
        private List<String> argv = List.of();
        private OwnershipHistory history;

        private Builder(Role role) {
            this.role = role;
        }

        public Builder home(Path value) {
            home = value;
            return this;
        }

        public Builder host(String value) {
            host = value;
            return this;
        }

        /** The TCP port of a serve role; 0 picks a free one, which is then published. */
        public Builder port(int value) {
            port = value;
            return this;
        }

        public Builder profiles(List<String> value) {
            profiles = value;
            return this;
        }

        /** Block until the host lock is free instead of giving up with 75. */
        public Builder waitForLock(boolean value) {
            waitForLock = value;
            return this;
        }

        /** Run even when another process holds the host lock (without publishing a record). */
        public Builder force(boolean value) {
            force = value;
            return this;
        }

        public Builder pollInterval(Duration value) {
            pollInterval = value;
            return this;
        }

        public Builder rendezvous(HostRendezvous value) {
            rendezvous = value;
            return this;
        }

        /** The command line recorded in the gateway's runtime lock. */
        /** Serve only while also holding this lease (a fleet); null, the default, means the host lock alone. */
        public Builder clusterLease(ClusterLease value) {
            this.clusterLease = value;
            return this;
        }

        public Builder argv(List<String> value) {
            argv = value;
            return this;
        }

        /** Records this owner's start and stop in the ownership history (none by default). */
        public Builder history(OwnershipHistory value) {
            history = value;
            return this;
        }

        /** Checks the configuration; a bad value is an {@link OwnerStartException} with exit code 78. */
        public HostOwner build() throws OwnerStartException {
            if (home == null) {
                throw OwnerStartException.config("no home directory");
            }
            if (Files.exists(home) && !Files.isDirectory(home)) {
                throw OwnerStartException.config("home '" + home + "' is not a directory");
            }
            if (port < 0 || port > 65535) {
                throw OwnerStartException.config("port " + port + " is out of range (0-65535; 0 picks a free port)");
            }
            if (!role.servesHttp() && port != 0) {
                throw OwnerStartException.config("port " + port + " given for the gateway, which has no TCP port (only serve roles do)");
            }
            if (host == null || host.isBlank()) {
                throw OwnerStartException.config("host is empty");
            }
            for (String profile : profiles) {
                if (profile.isBlank() || !profile.equals(profile.strip()) || profile.contains(",")) {
                    throw OwnerStartException.config("profile name '" + profile + "' is not valid");
                }
            }
            if (pollInterval.isNegative() || pollInterval.isZero()) {
                throw OwnerStartException.config("poll interval " + pollInterval.toMillis() + " ms must be positive");
            }
            return new HostOwner(this);
        }
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
        if (multiplexes()) {
            served = ProfileHomes.servable(home);
        }
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
                controlSocket = ControlSocketServer.start(controlChannel, home, this::controlVerb);
                controlChannel = null;
            }
        } catch (IOException | RuntimeException unbindable) {
            String where = role.servesHttp() ? host + ":" + port : "control socket of " + home;
            throw OwnerStartException.config("cannot listen on " + where + ": " + describe(unbindable));
        }
        if (ownsHostLock) {
            record = rendezvous.publishRecord(role, role.servesHttp() ? host : "", boundPort, served, token, home.toString(), fleetRevision);
            if (record == null) {
                throw OwnerStartException.config("the " + role + " record could not be published in " + rendezvous.dir().path());
            }
        } else {
            record = rendezvous.ownRecord(role, role.servesHttp() ? host : "", boundPort, served, token, home.toString());
        }
        running = true;
        if (ownsHostLock && history != null) {
            history.started(record);
        }
        if (ownsHostLock) {
            guard = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "owner-keep-published");
                thread.setDaemon(true);
                return thread;
            });
            guard.scheduleWithFixedDelay(this::keepPublished, pollInterval.toMillis(), pollInterval.toMillis(), TimeUnit.MILLISECONDS);
        }
        if (clusterLease != null && fleetRevision != null) {
            clusterLease.keep(this::lockLost, this::plannedStopFromFleet);
        }
        LOG.log(Level.INFO, "owner running{0}, serving {1} (home {2}, token fingerprint {3})",
                boundPort == null ? "" : " on " + host + ":" + boundPort, describeServed(served), home, record.tokenFingerprint());
    }

    /**
     * Everything that needs no lock happens before the claim, so a {@code --wait} claimer publishes
     * the moment the holder dies instead of then paying for class loading, the token's random
     * source, the HTTP server and the watch service. The watcher starts now too: it never fires
     * before the owner runs, so a marker meant for the previous owner is never obeyed here.
     */
    private void prepareBeforeClaim() throws OwnerStartException {
        token = Tokens.newToken();
        HostRecord draft = rendezvous.ownRecord(role, role.servesHttp() ? host : "", port, served, token, home.toString());
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
                identity = IdentityServer.create(token, this::identity);
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

    /**
     * Keeps what this owner holds and publishes in place. A cleanup script, or a status tool that
     * "fixed" what it took for stale files (users.md stories 11 and 12), can delete or replace the
     * lock file, the record or the token under a live owner: the OS lock then sits on a file nobody
     * else can open, the next starter takes the path and runs beside us, and discovery finds nothing.
     * Each poll this takes a displaced lock again on the file now at the path, and publishes the
     * record and token again. When another process took the path first, the owner stops (75).
     */
    private synchronized void keepPublished() {
        if (closed.get() || !running || draining.get()) {
            return;
        }
        try {
            if (!rendezvous.hostLockStillInPlace(role)) {
                rendezvous.dir().ensure();
                ClaimResult again = rendezvous.reclaimHostLock(role);
                if (again.outcome() == LockOutcome.HELD_BY_OTHER) {
                    lockLost("the " + role + " host lock file " + rendezvous.lockPath(role) + " was deleted or replaced, and another process"
                            + holder(rendezvous.probeHostLock(role)) + " took it");
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
            if (ownsRuntimeLock && !GatewayRuntimeLock.stillInPlace(home)) {
                ClaimResult again = GatewayRuntimeLock.reclaim(home, argv, inspector);
                if (again.outcome() == LockOutcome.HELD_BY_OTHER) {
                    lockLost("the runtime lock file " + GatewayRuntimeLock.pathFor(home) + " was deleted or replaced, and another process"
                            + holder(GatewayRuntimeLock.probe(home)) + " took it");
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
            if (published == null || published.pid() != record.pid() || !published.tokenFingerprint().equals(record.tokenFingerprint())
                    || !token.equals(rendezvous.store().readToken(role).orElse(null))) {
                HostRecord again = rendezvous.publishRecord(role, record.host(), record.port(), record.profiles(), token, record.home(), fleetRevision);
                if (again != null) {
                    record = again;
                    LOG.log(Level.WARNING, "the record and token file in {0} were removed or replaced under this owner; published them "
                            + "again (token fingerprint {1})", rendezvous.dir().path(), again.tokenFingerprint());
                }
            }
        } catch (IOException | RuntimeException failed) {
            LOG.log(Level.DEBUG, "keeping the owner published failed this time: {0}", failed.toString());
        }
    }

    /** A condition the guard sees on every poll is logged when it starts, not every poll. */
    private void warnOnce(String warning) {
        if (!warning.equals(lastGuardWarning)) {
            lastGuardWarning = warning;
            LOG.log(Level.WARNING, warning);
        }
    }

    private void lockLost(String why) {
        LOG.log(Level.ERROR, "{0}; this owner is no longer exclusive and stops", why);
        if (draining.compareAndSet(false, true)) {
            exitCode = EXIT_LOCK_LOST;
            stopRequested.countDown();
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
        if (guard != null) {
            guard.shutdownNow();
        }
        // The record goes first, so discovery stops pointing here before the endpoint closes; the
        // host lock is released only after the endpoint is gone.
        if (ownsHostLock && history != null && record != null) {
            // While the lock is still held: a stopper that waits for it finds this line already written.
            history.stopped(role, record.pid(), exitCode, stoppedBy, false);
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

    // ---- identity -------------------------------------------------------------------------------

    /** What the endpoint answers: who this is (never the token, only its fingerprint). */
    ObjectNode identity() {
        ObjectNode node = JsonTrees.object();
        node.put("pid", Platform.currentPid());
        node.put("role", role.wireName());
        node.put("home", home.toString());
        node.put("hermes_home", home.toString());
        ArrayNode names = node.putArray("profiles");
        served.forEach(names::add);
        if (record != null) {
            node.put("port", record.port());
            node.put("tokenFingerprint", record.tokenFingerprint());
            node.put("startTime", record.startTime());
        }
        node.put("protocolVersion", HostRecord.PROTOCOL_VERSION);
        node.put("state", draining.get() ? "draining" : running ? "running" : "starting");
        node.put("watcher_ticks", watcherTicks());
        return node;
    }

    private ObjectNode controlVerb(String verb) {
        switch (verb) {
            case "identify": {
                ObjectNode result = JsonTrees.object();
                result.put("pid", Platform.currentPid());
                result.put("kind", "hermes-gateway");
                result.put("hermes_home", home.toString());
                List<String> now = served.isEmpty() ? List.of(ProfileHomes.DEFAULT) : served;
                result.put("profile", now.get(0));
                result.set("served_profiles", names(now));
                result.put("multiplex", true);
                Long start = inspector.startTicks(Platform.currentPid());
                if (start == null) {
                    result.putNull("start_time");
                } else {
                    result.put("start_time", start);
                }
                return result;
            }
            case "rescan-profiles": {
                ObjectNode result = JsonTrees.object();
                result.put("multiplex", true);
                result.set("served_profiles", names(rescanProfiles()));
                return result;
            }
            case "status": {
                ObjectNode result = identity();
                result.put("gateway_state", draining.get() ? "draining" : running ? "running" : "starting");
                return result;
            }
            default:
                return null;
        }
    }

    /** The marker's writer as the log names it. */
    private static String writer(Optional<PidMarker.Contents> marker) {
        Long pid = marker.map(PidMarker.Contents::writerPid).orElse(null);
        return pid == null ? "an unnamed stopper" : "PID " + pid;
    }

    /**
     * hermes' {@code rescan-profiles}: a multiplexing gateway reads {@code profiles/} again and, when
     * the set changed, publishes its record again with the new served set (same token). With
     * --profiles the list stays as given. Returns the served set.
     */
    synchronized List<String> rescanProfiles() {
        if (!multiplexes() || closed.get() || draining.get() || !running) {
            return served;
        }
        List<String> found = ProfileHomes.servable(home);
        if (found.equals(served)) {
            return served;
        }
        if (ownsHostLock) {
            HostRecord again = rendezvous.publishRecord(role, record.host(), record.port(), found, token, record.home(), fleetRevision);
            if (again == null) {
                LOG.log(Level.WARNING, "rescan found {0} but the record could not be published again; still serving {1}",
                        describeServed(found), describeServed(served));
                return served;
            }
            record = again;
        }
        LOG.log(Level.INFO, "rescan: now serving {0} (was {1})", describeServed(found), describeServed(served));
        served = found;
        return served;
    }

    /** A gateway without --profiles serves the root home and every profile home it finds, as hermes' multiplexer. */
    private boolean multiplexes() {
        return role == Role.GATEWAY && profiles.isEmpty();
    }

    /** The profiles this owner serves now. */
    public List<String> served() {
        return served;
    }

    private static ArrayNode names(List<String> names) {
        ArrayNode array = JsonTrees.object().arrayNode();
        names.forEach(array::add);
        return array;
    }

    /** The served profiles as the log reads them. */
    private static String describeServed(List<String> profiles) {
        return profiles.isEmpty() ? "no profiles" : "profiles " + String.join(", ", profiles);
    }

    private static String holder(LockProbe probe) {
        return probe.holderPid() == null ? "" : " by PID " + probe.holderPid();
    }

    private static String describe(Exception failure) {
        if (failure instanceof IOException io) {
            return IoMessages.describe(io);
        }
        return failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
    }

    /** The profiles given as {@code a,b}: trimmed, empty parts rejected. */
    public static List<String> parseProfiles(String text) throws OwnerStartException {
        List<String> names = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return names;
        }
        for (String part : text.split(",", -1)) {
            String name = part.strip();
            if (name.isEmpty()) {
                throw OwnerStartException.config("profiles '" + text + "' contain an empty name");
            }
            names.add(name);
        }
        return names;
    }
}
