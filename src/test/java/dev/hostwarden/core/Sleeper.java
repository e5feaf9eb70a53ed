package dev.hostwarden.core;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * hermes' plain sleeper child ({@code python -c "import time; time.sleep(60)"}): a live process that
 * is not a gateway, for records naming a recycled PID. {@code sleep} where it exists, else an idle
 * child JVM.
 */
final class Sleeper {
    private Sleeper() {
    }

    static ChildProcess start() throws IOException {
        if (Platform.current().family() == Platform.Family.WINDOWS) {
            return ChildProcess.java(HostLockChild.class, Map.of(), "idle");
        }
        return ChildProcess.start(List.of("sleep", "60"), Map.of());
    }
}
