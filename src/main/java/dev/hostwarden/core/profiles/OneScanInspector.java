package dev.hostwarden.core.profiles;

import dev.hostwarden.core.process.ProcessInspector;
import java.util.HashMap;
import java.util.Map;

/**
 * The process inspector for one scan: a PID named by several files (a home's gateway.pid, its state
 * file and its marker usually name the same gateway) is looked up once. A scan is a single moment,
 * so an answer does not go stale within it; never kept across scans.
 */
final class OneScanInspector implements ProcessInspector {
    private final ProcessInspector delegate;
    private final Map<Long, PresenceProbe> presence = new HashMap<>();
    private final Map<Long, Long> startTicks = new HashMap<>();

    OneScanInspector(ProcessInspector delegate) {
        this.delegate = delegate;
    }

    @Override
    public PresenceProbe presence(long pid) {
        return presence.computeIfAbsent(pid, delegate::presence);
    }

    @Override
    public Long startTicks(long pid) {
        if (!startTicks.containsKey(pid)) {
            startTicks.put(pid, delegate.startTicks(pid));
        }
        return startTicks.get(pid);
    }

    @Override
    public Double createTime(long pid) {
        return delegate.createTime(pid);
    }

    @Override
    public Double bootTime() {
        return delegate.bootTime();
    }

    @Override
    public String currentBootEpoch() {
        return delegate.currentBootEpoch();
    }
}
