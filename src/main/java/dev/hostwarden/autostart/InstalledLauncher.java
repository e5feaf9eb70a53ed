package dev.hostwarden.autostart;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The installed {@code hostwarden} launcher an autostart entry runs: {@code HOSTWARDEN_LAUNCHER}
 * (the package's launcher script exports its own path), else the system property
 * {@code hostwarden.launcher}, else {@code jpackage.app-path} (jpackage's native launchers on
 * Windows and macOS set it), else {@code hostwarden} on PATH. Never a bare java command: at login
 * the entry must start the same program the user installed.
 */
final class InstalledLauncher {
    private InstalledLauncher() {
    }

    static Optional<Path> find(Environment env) {
        for (Optional<String> named : List.of(env.get("HOSTWARDEN_LAUNCHER"),
                Optional.ofNullable(System.getProperty("hostwarden.launcher")), Optional.ofNullable(System.getProperty("jpackage.app-path")))) {
            Optional<Path> launcher = named.map(Path::of).filter(Path::isAbsolute).filter(Files::isExecutable);
            if (launcher.isPresent()) {
                return launcher;
            }
        }
        String program = Platform.current().executable("hostwarden");
        for (String dir : env.get("PATH").orElse("").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Path.of(dir).isAbsolute() && Files.isExecutable(Path.of(dir, program))) {
                return Optional.of(Path.of(dir, program));
            }
        }
        return Optional.empty();
    }

    static Path require(Environment env) throws AutostartException {
        return find(env).orElseThrow(() -> new AutostartException("no installed hostwarden launcher found: install the package, "
                + "or set HOSTWARDEN_LAUNCHER to the absolute path of the hostwarden launcher"));
    }
}
