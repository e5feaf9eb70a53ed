package dev.hostwarden.core;

import java.util.Locale;

/** Which lock and process-identity flavour this operating system gets. */
public final class Platform {
    private static final String OS = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);

    private Platform() {
    }

    public static boolean isWindows() {
        return OS.startsWith("windows");
    }

    public static boolean isLinux() {
        return OS.startsWith("linux");
    }

    public static boolean isMac() {
        return OS.startsWith("mac");
    }

    public static boolean isPosix() {
        return !isWindows();
    }

    public static long currentPid() {
        return ProcessHandle.current().pid();
    }
}
