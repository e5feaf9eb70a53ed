package dev.hostwarden.fleet;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.ClusterLease;
import dev.hostwarden.runtime.OwnerStartException;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The fleet lease on etcd. The ownership key {@code /hostwarden/v1/<scope>/<role>} is created only if
 * absent, bound to a lease of the configured TTL, and its create revision is the fencing token.
 * Renewals go out every TTL/3. Time is measured on the monotonic clock from the moment a renewal was
 * sent (etcd restarts the TTL later than that, when it receives it), so this owner's deadline — last
 * successful renewal + TTL − a safety margin — always falls before etcd could expire the lease and
 * give the key to another machine. A wall-clock jump changes nothing here.
 */
public final class EtcdLease implements ClusterLease {
    private static final System.Logger LOG = System.getLogger(EtcdLease.class.getName());
    /** How often a standby looks at the key while it waits (a watch over the JSON gateway would be a held-open stream). */
    static final Duration STANDBY_POLL = Duration.ofMillis(200);

    private final FleetConfig config;
    private final Role role;
    private final EtcdClient etcd;
    private final EtcdClient acquiring;
    private static final Duration ACQUIRE_PATIENCE = Duration.ofSeconds(5);
    private final Supplier<FleetHolder> holder;
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile long lease;
    private volatile long revision;
    private volatile long renewedAtNanos;
    private Thread keeper;

    public EtcdLease(FleetConfig config, Role role, Supplier<FleetHolder> holder) {
        this.config = config;
        this.role = role;
        this.holder = holder;
        // Taking the lease holds no deadline yet, and a JVM's first request also sets up the HTTP client,
        // the connection and any TLS handshake: on a loaded machine that took longer than a renewal may
        // (750 ms with a 3 s TTL), and the start failed. Each renewal must come back well inside one
        // renewal period; the request's limit covers its connection too.
        this.acquiring = new EtcdClient(config, Duration.ofMillis(Math.max(ACQUIRE_PATIENCE.toMillis(), config.ttlSeconds() * 1000L / 2)));
        this.etcd = acquiring.withTimeout(Duration.ofMillis(Math.max(500, config.ttlSeconds() * 1000L / 4)));
    }

    @Override
    public long acquire(boolean wait) throws OwnerStartException {
        String key = config.keyFor(role);
        boolean reached = false;
        while (true) {
            try {
                return tryAcquire(key, wait);
            } catch (FleetUnreachableException unreachable) {
                // A wrong endpoint or refused credentials end the start at once; a standby that has
                // reached etcd before waits through an outage as it waits for the holder.
                if (!wait || !reached || unreachable.credentialsRefused()) {
                    throw new OwnerStartException(OwnerStartException.EX_CONFIG, "fleet: " + unreachable.getMessage(), null);
                }
                LOG.log(Level.WARNING, "fleet: {0}; still standing by", unreachable.getMessage());
            } catch (StillHeld held) {
                if (!reached) {
                    LOG.log(Level.INFO, "standing by: {0}", held.getMessage());
                }
                reached = true;
            } catch (IOException broken) {
                throw new OwnerStartException(OwnerStartException.EX_CONFIG, "fleet: " + broken.getMessage(), null);
            }
            try {
                Thread.sleep(STANDBY_POLL.toMillis());
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new OwnerStartException(OwnerStartException.EX_TEMPFAIL, "interrupted while waiting for the fleet lease " + key, null);
            }
        }
    }

    /** Held by another machine while a standby waits: look again later. */
    private static final class StillHeld extends IOException {
        StillHeld(String message) {
            super(message);
        }
    }

    private long tryAcquire(String key, boolean wait) throws IOException, OwnerStartException {
        Optional<EtcdClient.Entry> present = acquiring.get(key);
        if (present.isEmpty()) {
            long granted = acquiring.grant(config.ttlSeconds());
            long sent = System.nanoTime();
            Optional<Long> created = acquiring.createIfAbsent(key, holder.get().encode(), granted);
            if (created.isPresent()) {
                lease = granted;
                revision = created.get();
                renewedAtNanos = sent;
                LOG.log(Level.INFO, "fleet lease {0} taken at revision {1} (TTL {2} s, {3})", key, revision, config.ttlSeconds(),
                        config.describeEndpoints());
                return revision;
            }
            // Another machine was faster between our look and our write.
            acquiring.revoke(granted);
            present = acquiring.get(key);
        }
        String held = present.map(entry -> "the fleet lease " + key + " is held by " + FleetHolder.decode(entry.value()).describe()
                + " (revision " + entry.createRevision() + ")").orElse("the fleet lease " + key + " changed hands");
        if (!wait) {
            throw new OwnerStartException(OwnerStartException.EX_TEMPFAIL, held + "; run with --wait to stand by", null);
        }
        throw new StillHeld(held);
    }

    @Override
    public void keep(Consumer<String> lost, Consumer<String> stopRequested) {
        long ttlNanos = Duration.ofSeconds(config.ttlSeconds()).toNanos();
        long period = ttlNanos / 3;
        // Stop serving this much before etcd could expire the lease: covers a renewal in flight and scheduling delay.
        long margin = Math.max(Duration.ofMillis(1000).toNanos(), ttlNanos / 5);
        keeper = new Thread(() -> {
            long nextRenewal = renewedAtNanos + period;
            while (!released.get()) {
                long now = System.nanoTime();
                if (now - renewedAtNanos >= ttlNanos - margin) {
                    lost.accept("the fleet lease " + config.keyFor(role) + " was not renewed for "
                            + Duration.ofNanos(now - renewedAtNanos).toMillis() + " ms (TTL " + config.ttlSeconds() + " s)");
                    return;
                }
                if (now >= nextRenewal) {
                    long sent = System.nanoTime();
                    boolean renewed = false;
                    try {
                        long ttl = etcd.keepAlive(lease);
                        if (ttl <= 0) {
                            lost.accept("etcd says the fleet lease " + config.keyFor(role) + " has expired");
                            return;
                        }
                        Map<String, EtcdClient.Entry> keys = etcd.getWithChildren(config.keyFor(role));
                        Optional<EtcdClient.Entry> key = Optional.ofNullable(keys.get(config.keyFor(role)));
                        if (key.isEmpty() || key.get().createRevision() != revision) {
                            lost.accept("the fleet key " + config.keyFor(role) + " is no longer this owner's (revision "
                                    + key.map(entry -> Long.toString(entry.createRevision())).orElse("none") + ", ours " + revision + ")");
                            return;
                        }
                        renewedAtNanos = sent;
                        renewed = true;
                        EtcdClient.Entry stop = keys.get(config.stopKeyFor(role));
                        if (stop != null && new String(stop.value(), StandardCharsets.UTF_8).strip().equals(Long.toString(revision))) {
                            etcd.delete(config.stopKeyFor(role));
                            stopRequested.accept("a fleet-wide planned stop for revision " + revision);
                            return;
                        }
                    } catch (IOException failed) {
                        LOG.log(Level.WARNING, "fleet lease renewal failed: {0}", failed.getMessage());
                    }
                    // After a failure, try again soon: the deadline, not the period, decides when to give up.
                    nextRenewal = sent + (renewed ? period : Duration.ofMillis(250).toNanos());
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException interrupted) {
                    return;
                }
            }
        }, "fleet-lease-keeper");
        keeper.setDaemon(true);
        keeper.start();
    }

    @Override
    public void release() {
        if (!released.compareAndSet(false, true)) {
            return;
        }
        if (keeper != null) {
            keeper.interrupt();
        }
        if (lease != 0) {
            try {
                etcd.revoke(lease);
                LOG.log(Level.INFO, "fleet lease {0} revoked", config.keyFor(role));
            } catch (IOException unreachable) {
                // It expires by itself within the TTL.
                LOG.log(Level.WARNING, "fleet lease could not be revoked ({0}); it expires within {1} s", unreachable.getMessage(), config.ttlSeconds());
            }
        }
    }

    public long revision() {
        return revision;
    }

    @Override
    public String describe() {
        return "fleet " + config.keyFor(role) + " on " + config.describeEndpoints();
    }
}
