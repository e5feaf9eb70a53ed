package dev.hostwarden.fleet;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** Reads the fleet's view of each role (read-only: one range and one time-to-live call per role). */
public final class FleetInspector {
    private final FleetConfig config;
    private final EtcdClient etcd;

    public FleetInspector(FleetConfig config) {
        this.config = config;
        this.etcd = new EtcdClient(config, Duration.ofSeconds(2));
    }

    public FleetSection inspect(RoleReport local) {
        String key = config.keyFor(local.role());
        HostRecord record = local.record().recordOrNull();
        boolean localLive = local.verdict() == Verdict.LIVE && record != null;
        try {
            Optional<EtcdClient.Entry> entry = etcd.get(key);
            if (entry.isEmpty()) {
                if (localLive && record.fleetRevision() != null) {
                    return section(local, key, FleetSection.State.FENCED, null, -1, 0, new Reason(ReasonCode.FLEET_FENCED,
                            "The local owner PID " + record.pid() + " holds fleet revision " + record.fleetRevision() + " but the key " + key
                                    + " is gone: it has lost the fleet lease"));
                }
                return section(local, key, FleetSection.State.FREE, null, -1, 0, null);
            }
            FleetHolder holder = FleetHolder.decode(entry.get().value());
            long ttl = entry.get().lease() == 0 ? -1 : etcd.timeToLive(entry.get().lease());
            long revision = entry.get().createRevision();
            if (localLive && record.fleetRevision() != null) {
                if (record.fleetRevision() == revision) {
                    return section(local, key, FleetSection.State.HELD_HERE, holder, ttl, revision, null);
                }
                return section(local, key, FleetSection.State.FENCED, holder, ttl, revision, new Reason(ReasonCode.FLEET_FENCED,
                        "The local owner PID " + record.pid() + " holds fleet revision " + record.fleetRevision() + " but the key " + key
                                + " is at revision " + revision + " (" + holder.describe() + "): it has lost the fleet lease"));
            }
            return section(local, key, FleetSection.State.HELD_ELSEWHERE, holder, ttl, revision, new Reason(ReasonCode.FLEET_HELD_ELSEWHERE,
                    "The fleet lease " + key + " is held by " + holder.describe() + " (revision " + revision + "); nothing here to retract"));
        } catch (IOException unreachable) {
            return section(local, key, FleetSection.State.UNREACHABLE, null, -1, 0, new Reason(ReasonCode.FLEET_UNREACHABLE,
                    "The fleet state cannot be proven: " + unreachable.getMessage()));
        }
    }

    private FleetSection section(RoleReport local, String key, FleetSection.State state, FleetHolder holder, long ttl, long revision, Reason reason) {
        return new FleetSection(local.role(), config.describeEndpoints(), key, state, holder, ttl, revision, reason == null ? List.of() : List.of(reason));
    }
}
