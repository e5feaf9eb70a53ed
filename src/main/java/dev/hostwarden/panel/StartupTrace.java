package dev.hostwarden.panel;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a cold start's time goes, with the panel's debug switch only: named moments on the way to the
 * first shown window, printed on one {@code STARTUP_PHASES} line in ms since JVM start once the window
 * shows. A mark only reads the clock; the JVM's start time (java.management) is asked after the figure.
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

    /** The marks so far as {@code name=ms …}, then forgets them. */
    static synchronized String drain() {
        long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
        StringBuilder line = new StringBuilder("STARTUP_PHASES");
        for (int i = 0; i < names.size(); i++) {
            line.append(' ').append(names.get(i)).append('=').append(times.get(i) - jvmStart);
        }
        names.clear();
        times.clear();
        return line.toString();
    }
}
