package dev.hostwarden.core.record;

import java.util.List;

/**
 * A validated rendezvous record ({@code host-<role>.json}), the domain value. The wire form and its
 * per-field coercion rules live in {@link RecordCodec}.
 *
 * @param createTime epoch seconds of the owner's creation, or null (legacy proof)
 * @param startTime  the stable start fingerprint (Linux: raw /proc start ticks), or null (legacy)
 * @param bootEpoch  the boot identity at publish time, "" for a legacy record
 * @param port       the bound TCP port of a serve role, or null
 * @param fleetRevision the fleet lease's fencing token (the etcd key's create revision) when the
 *                   owner holds one, else null; a key hermes does not know and ignores
 */
public record HostRecord(
        Role role,
        String home,
        long pid,
        Double createTime,
        Long startTime,
        String bootEpoch,
        String host,
        Integer port,
        int protocolVersion,
        String tokenFingerprint,
        List<String> profiles,
        String updatedAt,
        Long fleetRevision) {

    public static final int PROTOCOL_VERSION = 1;

    /** A record without a fleet revision: what hermes and a host-only owner publish. */
    public HostRecord(Role role, String home, long pid, Double createTime, Long startTime, String bootEpoch, String host, Integer port,
            int protocolVersion, String tokenFingerprint, List<String> profiles, String updatedAt) {
        this(role, home, pid, createTime, startTime, bootEpoch, host, port, protocolVersion, tokenFingerprint, profiles, updatedAt, null);
    }

    public HostRecord {
        home = home == null ? "" : home;
        bootEpoch = bootEpoch == null ? "" : bootEpoch;
        host = host == null ? "" : host;
        tokenFingerprint = tokenFingerprint == null ? "" : tokenFingerprint;
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
        updatedAt = updatedAt == null ? "" : updatedAt;
    }

    public HostRecord withCreateTime(Double value) {
        return new HostRecord(role, home, pid, value, startTime, bootEpoch, host, port, protocolVersion, tokenFingerprint, profiles, updatedAt, fleetRevision);
    }

    public HostRecord withStartTime(Long value) {
        return new HostRecord(role, home, pid, createTime, value, bootEpoch, host, port, protocolVersion, tokenFingerprint, profiles, updatedAt, fleetRevision);
    }

    public HostRecord withBootEpoch(String value) {
        return new HostRecord(role, home, pid, createTime, startTime, value, host, port, protocolVersion, tokenFingerprint, profiles, updatedAt, fleetRevision);
    }

    public HostRecord withPid(long value) {
        return new HostRecord(role, home, value, createTime, startTime, bootEpoch, host, port, protocolVersion, tokenFingerprint, profiles, updatedAt, fleetRevision);
    }

    public HostRecord withPort(Integer value) {
        return new HostRecord(role, home, pid, createTime, startTime, bootEpoch, host, value, protocolVersion, tokenFingerprint, profiles, updatedAt, fleetRevision);
    }

    public HostRecord withFleetRevision(Long value) {
        return new HostRecord(role, home, pid, createTime, startTime, bootEpoch, host, port, protocolVersion, tokenFingerprint, profiles, updatedAt, value);
    }

    public HostRecord withUpdatedAt(String value) {
        return new HostRecord(role, home, pid, createTime, startTime, bootEpoch, host, port, protocolVersion, tokenFingerprint, profiles, value, fleetRevision);
    }

    /**
     * hermes' {@code describe()}: {@code PID 4242 (127.0.0.1:9119; profiles: a, b)}. An empty list
     * reads "no profiles" where hermes says "profiles: unknown", which reads like a fault.
     */
    public String describe() {
        String where = port == null ? "no bound port" : (host.isEmpty() ? "127.0.0.1" : host) + ":" + port;
        String served = profiles.isEmpty() ? "no profiles" : "profiles: " + String.join(", ", profiles);
        return "PID " + pid + " (" + where + "; " + served + ")";
    }

    /** The host to dial: a wildcard bind is reached over loopback. */
    public String dialHost() {
        return switch (host) {
            case "", "0.0.0.0", "::", "*" -> "127.0.0.1";
            default -> host;
        };
    }
}
