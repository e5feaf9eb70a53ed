package dev.hostwarden.testsupport;

import dev.hostwarden.core.process.ProcessInspector;
import java.util.function.LongFunction;
import java.util.function.Supplier;

/**
 * The real process inspector with single readings replaced, as hermes' tests monkeypatch
 * {@code get_process_start_time} or {@code _current_boot_epoch}. Everything not replaced is real.
 */
public final class PatchedProcessInspector implements ProcessInspector {
    private final ProcessInspector real;
    private final LongFunction<Long> startTicks;
    private final Supplier<String> currentBootEpoch;

    private PatchedProcessInspector(ProcessInspector real, LongFunction<Long> startTicks, Supplier<String> currentBootEpoch) {
        this.real = real;
        this.startTicks = startTicks;
        this.currentBootEpoch = currentBootEpoch;
    }

    public static PatchedProcessInspector of(ProcessInspector real) {
        return new PatchedProcessInspector(real, real::startTicks, real::currentBootEpoch);
    }

    public PatchedProcessInspector withStartTicks(LongFunction<Long> replacement) {
        return new PatchedProcessInspector(real, replacement, currentBootEpoch);
    }

    public PatchedProcessInspector withCurrentBootEpoch(Supplier<String> replacement) {
        return new PatchedProcessInspector(real, startTicks, replacement);
    }

    @Override
    public PresenceProbe presence(long pid) {
        return real.presence(pid);
    }

    @Override
    public Long startTicks(long pid) {
        return startTicks.apply(pid);
    }

    @Override
    public Double createTime(long pid) {
        return real.createTime(pid);
    }

    @Override
    public Double bootTime() {
        return real.bootTime();
    }

    @Override
    public String currentBootEpoch() {
        return currentBootEpoch.get();
    }
}
