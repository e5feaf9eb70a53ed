package dev.hostwarden.core.process;

import dev.hostwarden.core.platform.Platform;

/**
 * How this host describes a process: whether it exists, its start fingerprint and creation time,
 * and the current boot. One small interface so tests can inject another boot id, clock or tick
 * reading, and so each platform brings its own source.
 */
public interface ProcessInspector {

    /** Whether a PID names a running process. UNKNOWN is never "dead": it is unprovable. */
    enum Presence { ALIVE, DEAD, UNKNOWN }

    /** A presence answer with the evidence a user can check. */
    record PresenceProbe(Presence presence, String evidence) {
    }

    PresenceProbe presence(long pid);

    /**
     * The stable start fingerprint hermes records as {@code startTime}: on Linux the raw field 22 of
     * {@code /proc/<pid>/stat} (clock ticks since boot), elsewhere the creation time in centiseconds.
     * Null when it cannot be read.
     */
    Long startTicks(long pid);

    /** Creation time in epoch seconds (psutil's {@code create_time}), or null. */
    Double createTime(long pid);

    /** This boot's start in epoch seconds (wall clock minus uptime), or null. */
    Double bootTime();

    /** The current boot epoch ({@code <boot_id>:<pid 1 start ticks>} on Linux), "" when unreadable. */
    String currentBootEpoch();

    /** The inspector for this operating system. */
    static ProcessInspector system() {
        return Platform.current().hasProcFs() ? new LinuxProcessInspector() : new PortableProcessInspector();
    }
}
