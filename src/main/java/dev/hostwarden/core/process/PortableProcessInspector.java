package dev.hostwarden.core.process;

import java.time.Instant;
import java.util.Optional;

/**
 * Process identity where there is no {@code /proc} (macOS, Windows): {@link ProcessHandle}'s start
 * instant in centiseconds, as hermes uses {@code round(create_time * 100)} there. These platforms
 * have no boot epoch, so records from them are legacy records and the host lock decides.
 */
public final class PortableProcessInspector implements ProcessInspector {

    @Override
    public PresenceProbe presence(long pid) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty()) {
            return new PresenceProbe(Presence.DEAD, "no process with PID " + pid + " (or it cannot be opened)");
        }
        return handle.get().isAlive()
                ? new PresenceProbe(Presence.ALIVE, "PID " + pid + " exists")
                : new PresenceProbe(Presence.DEAD, "PID " + pid + " has exited");
    }

    private static Optional<Instant> start(long pid) {
        return ProcessHandle.of(pid).flatMap(handle -> handle.info().startInstant());
    }

    @Override
    public Long startTicks(long pid) {
        return start(pid).map(instant -> Math.round(instant.toEpochMilli() / 10.0)).orElse(null);
    }

    @Override
    public Double createTime(long pid) {
        return start(pid).map(instant -> instant.toEpochMilli() / 1000.0).orElse(null);
    }

    @Override
    public Double bootTime() {
        return null;
    }

    @Override
    public String currentBootEpoch() {
        return "";
    }
}
