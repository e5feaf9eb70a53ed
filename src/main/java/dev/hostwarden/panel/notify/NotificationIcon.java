package dev.hostwarden.panel.notify;

import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.panel.tray.TrayGlyph;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The app icon a desktop notification carries, so the notification server shows whose it is: the icon
 * theme's {@code hostwarden} where the package installed it (the menu entry's icon), else a copy of the
 * same picture (the panel's "live" glyph) in Hostwarden's cache directory, named by a {@code file://}
 * URI as the notification specification allows. Empty (no icon, as before) when neither can be had.
 * The picture of the notification itself is the role's state glyph (see {@link #statePicture}).
 */
final class NotificationIcon {
    static final String THEME_NAME = "hostwarden";
    /** The packaged menu icon at this size, and the cached copy's source. */
    private static final String RESOURCE = "/dev/hostwarden/panel/icons/tray-live-64.png";
    static final String CACHED_NAME = "hostwarden-64.png";

    private NotificationIcon() {
    }

    /** An icon name or a file URI; "" when there is none. Touches the disk: call it off the FX thread. */
    static String appIcon(Environment environment) {
        if (inIconTheme(environment)) {
            return THEME_NAME;
        }
        return cached(environment).map(file -> file.toUri().toString()).orElse("");
    }

    /** Whether an icon theme directory the server searches has {@code hostwarden} (the .deb puts it in /usr/share/icons). */
    static boolean inIconTheme(Environment environment) {
        List<Path> dataDirs = new ArrayList<>();
        dataDirs.add(environment.get("XDG_DATA_HOME").map(Path::of).filter(Path::isAbsolute)
                .orElse(Path.of(environment.realHome(), ".local", "share")));
        Arrays.stream(environment.get("XDG_DATA_DIRS").filter(dirs -> !dirs.isBlank()).orElse("/usr/local/share:/usr/share").split(":"))
                .filter(dir -> !dir.isEmpty()).map(Path::of).filter(Path::isAbsolute).forEach(dataDirs::add);
        return dataDirs.stream().anyMatch(dir -> Files.isRegularFile(dir.resolve("icons/hicolor/64x64/apps/" + THEME_NAME + ".png")));
    }

    /**
     * The file URI of {@code verdict}'s glyph (the tray's), for the notification's picture (the
     * {@code image-path} hint, which servers show instead of the app icon); "" when it cannot be written.
     */
    static String statePicture(Environment environment, Verdict verdict) {
        String resource = TrayGlyph.resource(verdict, 64);
        return cached(environment, resource, resource.substring(resource.lastIndexOf('/') + 1)).map(file -> file.toUri().toString()).orElse("");
    }

    /** The cached copy ({@code $XDG_CACHE_HOME/hostwarden/hostwarden-64.png}), written once. */
    static Optional<Path> cached(Environment environment) {
        return cached(environment, RESOURCE, CACHED_NAME);
    }

    private static Optional<Path> cached(Environment environment, String resource, String name) {
        Path cache = environment.get("XDG_CACHE_HOME").map(Path::of).filter(Path::isAbsolute)
                .orElse(Path.of(environment.realHome(), ".cache"));
        Path file = cache.resolve("hostwarden").resolve(name);
        try (InputStream picture = NotificationIcon.class.getResourceAsStream(resource)) {
            if (picture == null) {
                return Optional.empty();
            }
            byte[] bytes = picture.readAllBytes();
            if (!Files.isRegularFile(file) || Files.size(file) != bytes.length) {
                Files.createDirectories(file.getParent());
                PrivateFiles.writeAtomically(file, bytes);
            }
            return Optional.of(file);
        } catch (IOException | RuntimeException unwritable) {
            return Optional.empty();
        }
    }
}
