package dev.hostwarden.runtime;

import dev.hostwarden.core.process.ProcessSignals;

/** How a process is asked to end; a seam so a test can prove what was (not) sent. */
public interface Signaller {
    boolean terminate(long pid);

    boolean kill(long pid);

    /** The operating system's signals (SIGTERM and SIGKILL, or the forced end on Windows). */
    static Signaller system() {
        return new Signaller() {
            @Override
            public boolean terminate(long pid) {
                return ProcessSignals.terminate(pid);
            }

            @Override
            public boolean kill(long pid) {
                return ProcessSignals.kill(pid);
            }
        };
    }
}
