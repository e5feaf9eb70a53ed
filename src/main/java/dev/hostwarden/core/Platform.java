package dev.hostwarden.core;

import java.util.Locale;

/**
 * Which lock and process-identity flavour this operating system gets. The flavour is the OS's,
 * unless the system property {@value #FLAVOUR_PROPERTY} is {@code windows}: then this JVM takes the
 * Windows code paths (the one-byte lock at 1 MiB, the marker-only stop, {@code %APPDATA%} settings,
 * no POSIX permissions) on any OS, so tests on Linux exercise them between real processes. It is read
 * once, at start; any other value is refused with one line on stderr and the OS's own flavour is
 * used, since only the Windows paths are portable enough to run elsewhere.
 */
public final class Platform {
    /** {@code -Dhostwarden.platform=windows}: the Windows flavour on another OS, for tests. */
    public static final String FLAVOUR_PROPERTY = "hostwarden.platform";

    private static final String OS = chosen();

    private Platform() {
    }

    private static String chosen() {
        String osName = System.getProperty("os.name", "");
        String forced = System.getProperty(FLAVOUR_PROPERTY);
        try {
            return flavour(forced, osName);
        } catch (IllegalArgumentException notUnderstood) {
            // A test switch mistyped: one line, and this OS's own flavour, rather than a crash in every command.
            System.err.println("hostwarden: " + notUnderstood.getMessage() + "; using this OS's own flavour (" + osName + ")");
            return flavour(null, osName);
        }
    }

    /** The lower-case OS name the flavour is decided by: the forced one, else the real one. */
    static String flavour(String forced, String osName) {
        if (forced == null || forced.isEmpty()) {
            return osName.toLowerCase(Locale.ROOT);
        }
        if (forced.equals("windows")) {
            return "windows (forced by -D" + FLAVOUR_PROPERTY + ")";
        }
        throw new IllegalArgumentException("-D" + FLAVOUR_PROPERTY + "=" + forced + " is not understood: the only forced flavour is windows");
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
