package dev.hostwarden.panel;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.LinuxProcessInspector;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a cold start's time goes, with the panel's debug switch only: named moments on the way to the
 * first shown window, printed on one {@code STARTUP_PHASES} line in ms since the process started once
 * the window shows. The process, not the JVM: a bare {@code java -jar} replaces its first JVM
 * ({@link PanelReexec}), and that time is the user's too; {@code jvm} is when the running JVM started.
 * A mark only reads the clock; the start times are asked after the figure.
 */
final class StartupTrace {
    private static final List<String> names = new ArrayList<>();
    private static final List<Long> times = new ArrayList<>();

    private StartupTrace() {
    }

    static synchronized void mark(String name) {
        if (PanelLauncher.options().debug()) {
            names.add(name);
            times.add(System.currentTimeMillis());
        }
    }

    /** Milliseconds since this process started (to the kernel's clock tick, 10 ms), across any re-exec. */
    static long sinceProcessStart() {
        return System.currentTimeMillis() - processStart();
    }

    /** The marks so far as {@code name=ms …}, then forgets them. */
    static synchronized String drain() {
        long processStart = processStart();
        StringBuilder line = new StringBuilder("STARTUP_PHASES jvm=")
                .append(ManagementFactory.getRuntimeMXBean().getStartTime() - processStart);
        for (int i = 0; i < names.size(); i++) {
            line.append(' ').append(names.get(i)).append('=').append(times.get(i) - processStart);
        }
        names.clear();
        times.clear();
        return line.toString();
    }

    /**
     * When this process started, in epoch ms. On Linux from the kernel's own uptime clock ({@code
     * /proc/uptime} against the process's start tick, as the core reads owners' ones): ProcessHandle's
     * start instant adds the boot time, which the kernel gives only to the second. Elsewhere the JVM's.
     */
    private static long processStart() {
        Long startTicks = new LinuxProcessInspector().startTicks(Platform.currentPid());
        try {
            String uptime = Files.readString(Path.of("/proc/uptime"));
            double upSeconds = Double.parseDouble(uptime.substring(0, uptime.indexOf(' ')));
            if (startTicks != null) {
                return System.currentTimeMillis() - Math.round((upSeconds - startTicks / LinuxProcessInspector.CLOCK_TICKS_PER_SECOND) * 1000);
            }
        } catch (IOException | RuntimeException notLinux) {
            // The JVM's start below.
        }
        return ManagementFactory.getRuntimeMXBean().getStartTime();
    }
}
