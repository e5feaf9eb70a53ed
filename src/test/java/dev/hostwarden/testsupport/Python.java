package dev.hostwarden.testsupport;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** python3 from the machine, for tests whose point is interoperating with hermes' own locking. */
public final class Python {
    private Python() {
    }

    /** The python3 executable; skips the calling test loudly (a visible skip with the reason) when missing. */
    public static String python3() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(java.io.File.pathSeparator)) {
            Path candidate = Path.of(dir, "python3");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        System.err.println("SKIPPED: python3 is not on PATH; the hermes interoperability test cannot run");
        Assumptions.abort("python3 is not on PATH: cannot test interoperability with hermes' fcntl.flock");
        return null;
    }
}
