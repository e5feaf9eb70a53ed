package dev.hostwarden.core;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * The wiring every rendezvous test shares: a {@link HostDir} in a fresh temporary directory, its
 * rendezvous, and the release of every host lock this JVM took once the test is over (a subclass's
 * own {@code @AfterEach}, stopping its children, runs first).
 */
public abstract class HostDirTest {
    @TempDir
    protected Path tmp;

    protected HostDir hostDir;
    protected HostRendezvous hr;

    @BeforeEach
    void useATemporaryHostDir() {
        hostDir = new HostDir(tmp);
        hr = hostDir.rendezvous();
    }

    @AfterEach
    void releaseHostLocks() {
        hostDir.close();
    }
}
