package dev.hostwarden.runtime;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a launch's program is, found before anything is stopped. The launch then runs the path
 * found here, so the check and the launch cannot disagree (the JVM itself would search its own
 * PATH, not the launch environment's).
 */
public final class Executables {
    private Executables() {
    }

    /**
     * A program name with a directory part is a path (a relative one against {@code workingDirectory},
     * as the child resolves it after changing there); a bare name is looked up on {@code PATH}.
     * Empty when no executable regular file is found.
     */
    public static Optional<Path> resolve(String program, Path workingDirectory, Environment env) {
        try {
            if (Platform.current().isPathLike(program)) {
                Path path = Path.of(program);
                if (!path.isAbsolute()) {
                    path = (workingDirectory != null ? workingDirectory : Path.of("")).toAbsolutePath().resolve(path);
                }
                return executable(path) ? Optional.of(path.normalize()) : Optional.empty();
            }
            for (String dir : env.get("PATH").orElse("").split(File.pathSeparator)) {
                if (dir.isEmpty()) {
                    continue;
                }
                for (String name : candidates(program)) {
                    Path candidate = Path.of(dir, name);
                    if (executable(candidate)) {
                        return Optional.of(candidate.toAbsolutePath());
                    }
                }
            }
        } catch (InvalidPathException invalid) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    static boolean executable(Path path) {
        return Files.isRegularFile(path) && Files.isExecutable(path);
    }

    private static List<String> candidates(String program) {
        if (!Platform.current().searchesPathExtensions() || program.contains(".")) {
            return List.of(program);
        }
        return List.of(program + ".exe", program + ".cmd", program + ".bat");
    }
}
