package dev.hostwarden.core;

import dev.hostwarden.core.process.ProcessInspector;
import java.util.HashMap;
import java.util.Map;

/** A process table, clock and boot identity made up by a test. Unknown PIDs are dead. */
public final class FakeProcessInspector implements ProcessInspector {
    private final Map<Long, Presence> presence = new HashMap<>();
    private final Map<Long, Long> ticks = new HashMap<>();
    private final Map<Long, Double> createTimes = new HashMap<>();
    private Double bootTime = 1_000_000.0;
    private String bootEpoch = "boot-a:7";
    private int presenceCalls;

    /** A live process with its start ticks and creation time (either may be null: unreadable). */
    public FakeProcessInspector alive(long pid, Long startTicks, Double createTime) {
        presence.put(pid, Presence.ALIVE);
        if (startTicks != null) {
            ticks.put(pid, startTicks);
        }
        if (createTime != null) {
            createTimes.put(pid, createTime);
        }
        return this;
    }

    /** A PID whose existence cannot be told (permission denied, hidden /proc). */
    public FakeProcessInspector unknown(long pid) {
        presence.put(pid, Presence.UNKNOWN);
        return this;
    }

    public FakeProcessInspector bootTime(Double value) {
        bootTime = value;
        return this;
    }

    public FakeProcessInspector bootEpoch(String value) {
        bootEpoch = value;
        return this;
    }

    public int presenceCalls() {
        return presenceCalls;
    }

    @Override
    public PresenceProbe presence(long pid) {
        presenceCalls++;
        Presence value = presence.getOrDefault(pid, Presence.DEAD);
        return new PresenceProbe(value, "fake: PID " + pid + " is " + value);
    }

    @Override
    public Long startTicks(long pid) {
        return ticks.get(pid);
    }

    @Override
    public Double createTime(long pid) {
        return createTimes.get(pid);
    }

    @Override
    public Double bootTime() {
        return bootTime;
    }

    @Override
    public String currentBootEpoch() {
        return bootEpoch;
    }
}
