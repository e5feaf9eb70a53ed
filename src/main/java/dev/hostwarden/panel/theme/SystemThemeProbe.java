package dev.hostwarden.panel.theme;

import dev.hostwarden.core.platform.Platform;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks the operating system whether the user prefers dark: on Linux the freedesktop settings portal's
 * {@code org.freedesktop.appearance color-scheme} (through {@code gdbus}, else {@code dbus-send}, on the
 * session bus), else GNOME's {@code color-scheme} with the GTK theme's name as a fallback;
 * {@code AppsUseLightTheme} in the registry on Windows, {@code AppleInterfaceStyle} on macOS. Each
 * question is a short child process bounded by a timeout, so a hung desktop service costs at most that
 * long and the answer falls back to light. (A child process, not dbus-java: the answer is waited for
 * before the first window, and the D-Bus library would cost the start more than the call.)
 */
public final class SystemThemeProbe {
    private static final System.Logger LOG = System.getLogger(SystemThemeProbe.class.getName());
    static final long TIMEOUT_MILLIS = 2000;

    private static final String BUS_VARIABLE = "DBUS_SESSION_BUS_ADDRESS";
    private static final Pattern SCHEME = Pattern.compile("uint32 (\\d+)");

    private final Platform.Desktop desktop;
    private final Map<String, String> environment;

    public SystemThemeProbe(Platform.Desktop desktop) {
        this(desktop, System.getenv());
    }

    /** A probe whose questions run with {@code environment} (its session bus, its PATH). */
    public SystemThemeProbe(Platform.Desktop desktop, Map<String, String> environment) {
        this.desktop = desktop;
        this.environment = Map.copyOf(environment);
    }

    public static SystemThemeProbe forThisMachine() {
        return new SystemThemeProbe(Platform.current().desktop());
    }

    /** The session bus the portal is asked on, or null without one (or off the freedesktop desktops). */
    public String sessionBus() {
        String address = environment.get(BUS_VARIABLE);
        return desktop == Platform.Desktop.FREEDESKTOP && address != null && !address.isBlank() ? address : null;
    }

    /** True when the desktop asks for dark; false when it asks for light or cannot be asked. */
    public boolean prefersDark() {
        if (desktop == Platform.Desktop.WINDOWS) {
            return answer(List.of("reg", "query", "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize",
                    "/v", "AppsUseLightTheme")).map(SystemThemeProbe::windowsSaysDark).orElse(false);
        }
        if (desktop == Platform.Desktop.MAC) {
            return answer(List.of("defaults", "read", "-g", "AppleInterfaceStyle")).map(out -> out.strip().equalsIgnoreCase("dark"))
                    .orElse(false);
        }
        Optional<Boolean> portal = portalPrefersDark();
        if (portal.isPresent()) {
            return portal.get();
        }
        return withoutPortal();
    }

    /** The GNOME settings, where the portal has no preference or there is no portal. */
    public boolean withoutPortal() {
        if (desktop != Platform.Desktop.FREEDESKTOP) {
            return prefersDark();
        }
        Optional<String> scheme = answer(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
        if (scheme.isPresent() && !scheme.get().contains("default")) {
            return gnomeSchemeSaysDark(scheme.get());
        }
        return answer(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme")).map(SystemThemeProbe::gtkThemeSaysDark)
                .orElse(false);
    }

    /**
     * The portal's answer: dark, light, or empty for no preference, no portal, no session bus, or neither
     * {@code gdbus} nor {@code dbus-send} here. One call of {@code Read}, which every version of the portal
     * serves (ReadOne came in xdg-desktop-portal 1.15); its reply wraps the value once more.
     */
    Optional<Boolean> portalPrefersDark() {
        if (sessionBus() == null) {
            return Optional.empty();
        }
        String method = PortalSettings.INTERFACE + ".Read";
        Optional<String> reply;
        if (installed("gdbus")) {
            reply = answer(List.of("gdbus", "call", "--session", "--dest", PortalSettings.BUS_NAME, "--object-path", PortalSettings.OBJECT_PATH,
                    "--method", method, PortalSettings.APPEARANCE, PortalSettings.COLOR_SCHEME));
        } else if (installed("dbus-send")) {
            reply = answer(List.of("dbus-send", "--session", "--print-reply", "--dest=" + PortalSettings.BUS_NAME, PortalSettings.OBJECT_PATH,
                    method, "string:" + PortalSettings.APPEARANCE, "string:" + PortalSettings.COLOR_SCHEME));
        } else {
            return Optional.empty();
        }
        return reply.flatMap(SystemThemeProbe::portalSaysDark);
    }

    /** {@code (<<uint32 1>>,)} from gdbus, {@code variant variant uint32 1} from dbus-send: 1 dark, 2 light, 0 no preference. */
    static Optional<Boolean> portalSaysDark(String reply) {
        Matcher scheme = SCHEME.matcher(reply);
        return scheme.find() ? schemeMeaning(Integer.parseInt(scheme.group(1))) : Optional.empty();
    }

    /** The portal's {@code color-scheme}: 1 prefer dark, 2 prefer light, anything else (0) no preference. */
    static Optional<Boolean> schemeMeaning(int scheme) {
        return scheme == 1 ? Optional.of(true) : scheme == 2 ? Optional.of(false) : Optional.empty();
    }

    /** Whether {@code program} is on this probe's PATH. */
    private boolean installed(String program) {
        for (String dir : environment.getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }

    /** {@code 'prefer-dark'} from gsettings. */
    static boolean gnomeSchemeSaysDark(String output) {
        return output.contains("prefer-dark");
    }

    /** Themes such as {@code 'Adwaita-dark'} or {@code 'Yaru-dark'} name their variant. */
    static boolean gtkThemeSaysDark(String output) {
        return output.toLowerCase(Locale.ROOT).contains("dark");
    }

    /** {@code AppsUseLightTheme    REG_DWORD    0x0} means dark. */
    static boolean windowsSaysDark(String output) {
        return output.matches("(?s).*AppsUseLightTheme\\s+REG_DWORD\\s+0x0+\\b.*");
    }

    /** The child's stdout when it exits 0 within the timeout; empty otherwise (missing tool, no desktop, hung). */
    private Optional<String> answer(List<String> command) {
        Process process;
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().clear();
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException notThere) {
            return Optional.empty();
        }
        try (InputStream out = process.getInputStream()) {
            process.getOutputStream().close();
            if (!process.waitFor(TIMEOUT_MILLIS, TimeUnit.MILLISECONDS)) {
                LOG.log(System.Logger.Level.WARNING, "{0} did not answer within {1} ms; using the light theme",
                        String.join(" ", command), TIMEOUT_MILLIS);
                process.destroyForcibly();
                return Optional.empty();
            }
            String text = new String(out.readNBytes(4096), StandardCharsets.UTF_8);
            return process.exitValue() == 0 ? Optional.of(text) : Optional.empty();
        } catch (IOException unreadable) {
            return Optional.empty();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return Optional.empty();
        }
    }
}
