package dev.hostwarden.testsupport;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/** python3 from the machine, for tests whose point is interoperating with hermes' own locking. */
public final class Python {
    private Python() {
    }

    /** The python3 executable; skips the calling test loudly (a visible skip with the reason) when missing. */
    public static String python3() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "python3");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        System.err.println("SKIPPED: python3 is not on PATH; the hermes interoperability test cannot run");
        Assumptions.abort("python3 is not on PATH: cannot test interoperability with hermes' fcntl.flock");
        return null;
    }

    /**
     * Writes {@code text} to {@code path} as a python3 script for child processes; skips the calling
     * test loudly, as {@link #python3()}, when python3 is missing.
     */
    public static Script script(Path path, String text) throws IOException {
        String python = python3();
        return new Script(python, Files.writeString(path, text));
    }

    /** A python3 script on disk, started as a {@link ChildProcess} with arguments. */
    public record Script(String python, Path path) {
        public ChildProcess start(String... args) throws IOException {
            List<String> command = new ArrayList<>(List.of(python, path.toString()));
            command.addAll(List.of(args));
            return ChildProcess.start(command, Map.of());
        }
    }
}
