package dev.hostwarden.panel.profiles;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Locale;

/**
 * What one full refresh of the Profiles view cost: CPU of the scan on its background thread plus CPU
 * of applying the rows on the UI thread, and the wall time from start to applied. The bench reads it
 * from the panel's debug line; nothing in the panel acts on it.
 */
public record RefreshCost(int homes, long scanCpuNanos, long applyCpuNanos, long wallNanos) {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** This thread's CPU time in nanoseconds, or 0 where the JVM cannot measure it. */
    static long threadCpu() {
        return THREADS.isCurrentThreadCpuTimeSupported() ? THREADS.getCurrentThreadCpuTime() : 0;
    }

    public long cpuNanos() {
        return scanCpuNanos + applyCpuNanos;
    }

    /** "PROFILES_REFRESH homes=301 cpu_ms=41.2 scan_cpu_ms=38.0 apply_cpu_ms=3.2 wall_ms=60.1" */
    public String line() {
        return String.format(Locale.ROOT, "PROFILES_REFRESH homes=%d cpu_ms=%.1f scan_cpu_ms=%.1f apply_cpu_ms=%.1f wall_ms=%.1f",
                homes, cpuNanos() / 1e6, scanCpuNanos / 1e6, applyCpuNanos / 1e6, wallNanos / 1e6);
    }
}
