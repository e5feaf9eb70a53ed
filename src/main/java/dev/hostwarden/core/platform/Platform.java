package dev.hostwarden.core.platform;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The one place that decides which operating system this is, and answers every question whose answer
 * depends on it: which lock hermes takes, how an owner is asked to stop, where files live, what the
 * null device is called, which desktop the panel's tray, notifications and theme probe talk to.
 * Nothing else reads {@code os.name} (an architecture test says so).
 *
 * <p>The family is the OS's, unless the system property {@value #FLAVOUR_PROPERTY} is {@code windows}:
 * then this JVM takes the Windows answers (the one-byte lock at 1 MiB, the marker-only stop,
 * {@code %APPDATA%} settings, no POSIX permissions, the Windows desktop) on any OS, so tests on Linux
 * exercise them between real processes. Programs and devices stay the real OS's (a launched command,
 * the null device): a Windows program name cannot run on Linux. It is read once, at start; any other value is refused with one
 * line on stderr and the OS's own family is used, since only the Windows answers are portable enough to
 * run elsewhere.
 */
public final class Platform {
    /** {@code -Dhostwarden.platform=windows}: the Windows family on another OS, for tests. */
    public static final String FLAVOUR_PROPERTY = "hostwarden.platform";

    /** The operating systems Hostwarden tells apart. */
    public enum Family { LINUX, MAC, WINDOWS, OTHER_POSIX }

    /** hermes' host lock: {@code flock(2)} on POSIX, {@code msvcrt.locking} of one byte at 1 MiB on Windows. */
    public enum LockKind { FLOCK, BYTE_RANGE }

    /** How an owner is asked to stop: the planned-stop marker always, SIGTERM too where signals exist. */
    public enum StopMethod { MARKER_AND_SIGTERM, MARKER_ONLY }

    /** What the panel's tray, notifications and theme probe talk to. */
    public enum Desktop { FREEDESKTOP, WINDOWS, MAC }

    private static final Platform CURRENT = chosen();

    private final Family family;
    /** The OS this JVM really runs on: programs and devices are its, whatever the forced family. */
    private final Family real;
    private final String description;

    private Platform(Family family, Family real, String description) {
        this.family = family;
        this.real = real;
        this.description = description;
    }

    /**
     * Names the JDK's own NIO selector provider of the OS this JVM really runs on in the system property
     * the JDK reads first, unless something is named there already. Without it, the first socket a
     * command opens (a control socket, an identity endpoint) makes the JDK look for a provider as a
     * service, which opens every jar on the class path, the panel's JavaFX jars among them: about 10 %
     * of {@code status}'s CPU. Nothing changes when the JDK has no such class.
     */
    public static void nameBuiltInSelectorProvider() {
        String property = "java.nio.channels.spi.SelectorProvider";
        if (CURRENT.real != Family.LINUX || System.getProperty(property) != null) {
            return;
        }
        String epoll = "sun.nio.ch.EPollSelectorProvider";
        try {
            Class.forName(epoll, false, null);
            System.setProperty(property, epoll);
        } catch (ClassNotFoundException | LinkageError | SecurityException otherJdk) {
            // The JDK finds its provider the usual way.
        }
    }

    /** The platform this JVM runs as (the forced family under {@value #FLAVOUR_PROPERTY}). */
    public static Platform current() {
        return CURRENT;
    }

    /** A platform of {@code family}, for code that is tested for every family on one machine. */
    public static Platform of(Family family) {
        return new Platform(family, family, family.name().toLowerCase(Locale.ROOT));
    }

    private static Platform chosen() {
        String osName = System.getProperty("os.name", "");
        String forced = System.getProperty(FLAVOUR_PROPERTY);
        try {
            return decide(forced, osName);
        } catch (IllegalArgumentException notUnderstood) {
            // A test switch mistyped: one line, and this OS's own family, rather than a crash in every command.
            System.err.println("hostwarden: " + notUnderstood.getMessage() + "; using this OS's own flavour (" + osName + ")");
            return decide(null, osName);
        }
    }

    /** The platform a forced flavour (or none) and an {@code os.name} make. */
    static Platform decide(String forced, String osName) {
        if (forced == null || forced.isEmpty()) {
            return new Platform(familyOf(osName), familyOf(osName), osName.toLowerCase(Locale.ROOT));
        }
        if (forced.equals("windows")) {
            return new Platform(Family.WINDOWS, familyOf(osName), "windows (forced by -D" + FLAVOUR_PROPERTY + ")");
        }
        throw new IllegalArgumentException("-D" + FLAVOUR_PROPERTY + "=" + forced + " is not understood: the only forced flavour is windows");
    }

    private static Family familyOf(String osName) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return Family.WINDOWS;
        }
        if (os.startsWith("linux")) {
            return Family.LINUX;
        }
        return os.startsWith("mac") ? Family.MAC : Family.OTHER_POSIX;
    }

    public Family family() {
        return family;
    }

    /** The OS in words, with the forcing switch when it was used ("linux", "windows (forced by …)"). */
    public String describe() {
        return description;
    }

    /** The OS name, version and architecture, as a diagnostics bundle records them. */
    public static String osVersion() {
        return System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
    }

    public LockKind lockKind() {
        return family == Family.WINDOWS ? LockKind.BYTE_RANGE : LockKind.FLOCK;
    }

    public StopMethod stopMethod() {
        return family == Family.WINDOWS ? StopMethod.MARKER_ONLY : StopMethod.MARKER_AND_SIGTERM;
    }

    /** POSIX signals can be sent (SIGTERM, SIGKILL): everywhere but Windows. */
    public boolean hasSignals() {
        return stopMethod() == StopMethod.MARKER_AND_SIGTERM;
    }

    /** Files have POSIX owners and modes (0600 records, 0700 directories, "owned by another user"). */
    public boolean hasPosixPermissions() {
        return family != Family.WINDOWS;
    }

    /**
     * Linux's {@code /proc}: raw start ticks and boot id, {@code /proc/locks}, pidfds, PID namespaces,
     * {@code setsid}. Elsewhere process identity comes from {@link ProcessHandle} alone.
     */
    public boolean hasProcFs() {
        return family == Family.LINUX;
    }

    /** Paths that differ only in case name the same file (Windows, and macOS's default volumes). */
    public boolean hasCaseInsensitivePaths() {
        return family == Family.WINDOWS || family == Family.MAC;
    }

    /** A rename over an open file can fail for a moment (another process reading it): retry it. */
    public boolean hasSharingViolations() {
        return family == Family.WINDOWS;
    }

    /** The file a child's standard input is redirected from (the real OS's: a device is not a flavour). */
    public String nullDevice() {
        return real == Family.WINDOWS ? "NUL" : "/dev/null";
    }

    /** An executable's file name: {@code name.exe} on (real) Windows. */
    public String executable(String name) {
        return real == Family.WINDOWS ? name + ".exe" : name;
    }

    /** A program named without an extension is looked up with each of PATHEXT's (real Windows). */
    public boolean searchesPathExtensions() {
        return real == Family.WINDOWS;
    }

    /** A path separator other than {@code /} names a directory too ({@code \} on real Windows). */
    public boolean isPathLike(String program) {
        return program.contains("/") || (real == Family.WINDOWS && program.contains("\\"));
    }

    public Desktop desktop() {
        return switch (family) {
            case WINDOWS -> Desktop.WINDOWS;
            case MAC -> Desktop.MAC;
            default -> Desktop.FREEDESKTOP;
        };
    }

    /** The C library's {@code open(2)} flags differ on macOS. */
    int openAppendFlag() {
        return family == Family.MAC ? 0x8 : 0x400;
    }

    int openCloseOnExecFlag() {
        return family == Family.MAC ? 0x1000000 : 0x80000;
    }

    /**
     * This process's PID. On Linux read from the {@code /proc/self} link: {@link ProcessHandle}'s first
     * use starts its reaper's executor and links the JDK's lambda machinery, about a tenth of a
     * {@code status} command's own time.
     */
    public static long currentPid() {
        return CurrentPid.PID;
    }

    private static final class CurrentPid {
        static final long PID = read();

        private static long read() {
            if (current().hasProcFs()) {
                try {
                    return Long.parseLong(Files.readSymbolicLink(Path.of("/proc/self")).toString());
                } catch (IOException | RuntimeException noProcSelf) {
                    // A /proc without a self link (a restricted container): ask the JDK.
                }
            }
            return ProcessHandle.current().pid();
        }
    }
}
