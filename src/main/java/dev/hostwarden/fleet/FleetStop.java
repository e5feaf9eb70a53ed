package dev.hostwarden.fleet;

import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;

/**
 * A planned stop across machines, with no signals: write {@code <key>/stop} naming the holder's
 * revision, which the holder's lease keeper reads on its next renewal, then wait until the key is
 * gone or names another revision. A request that times out is withdrawn, so it cannot stop the
 * owner later by surprise (nor a later owner, whose revision differs).
 */
public final class FleetStop {
    /** What happened: the holder asked, and whether it went within the time. */
    public record Outcome(FleetHolder holder, long revision, boolean stopped) {
    }

    private static final Duration POLL = Duration.ofMillis(200);
    private final FleetConfig config;
    private final EtcdClient etcd;

    public FleetStop(FleetConfig config) {
        this.config = config;
        this.etcd = new EtcdClient(config, Duration.ofSeconds(2));
    }

    /** Empty when no machine holds the role's key. */
    public Optional<Outcome> stop(Role role, Duration timeout) throws IOException, InterruptedException {
        String key = config.keyFor(role);
        Optional<EtcdClient.Entry> held = etcd.get(key);
        if (held.isEmpty()) {
            return Optional.empty();
        }
        long revision = held.get().createRevision();
        FleetHolder holder = FleetHolder.decode(held.get().value());
        etcd.put(config.stopKeyFor(role), Long.toString(revision).getBytes(StandardCharsets.UTF_8));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            Optional<EtcdClient.Entry> now = etcd.get(key);
            if (now.isEmpty() || now.get().createRevision() != revision) {
                return Optional.of(new Outcome(holder, revision, true));
            }
            Thread.sleep(POLL.toMillis());
        }
        etcd.delete(config.stopKeyFor(role));
        return Optional.of(new Outcome(holder, revision, false));
    }
}
