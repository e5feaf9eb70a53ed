package dev.hostwarden.panel.theme;

import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Asks the operating system whether the user prefers dark: GNOME's {@code color-scheme} (with the GTK
 * theme's name as a fallback) on Linux, {@code AppsUseLightTheme} in the registry on Windows,
 * {@code AppleInterfaceStyle} on macOS. Each question is a short child process bounded by a timeout,
 * so a hung desktop service costs at most that long and the answer falls back to light.
 */
public final class SystemThemeProbe {
    private static final System.Logger LOG = System.getLogger(SystemThemeProbe.class.getName());
    static final long TIMEOUT_MILLIS = 2000;

    private final Platform.Desktop desktop;

    public SystemThemeProbe(Platform.Desktop desktop) {
        this.desktop = desktop;
    }

    public static SystemThemeProbe forThisMachine() {
        return new SystemThemeProbe(Platform.current().desktop());
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
        Optional<String> scheme = answer(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
        if (scheme.isPresent() && !scheme.get().contains("default")) {
            return gnomeSchemeSaysDark(scheme.get());
        }
        return answer(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme")).map(SystemThemeProbe::gtkThemeSaysDark)
                .orElse(false);
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
    private static Optional<String> answer(List<String> command) {
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(false).redirectError(ProcessBuilder.Redirect.DISCARD).start();
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
