package dev.hostwarden.core.process;

import com.sun.jna.LastErrorException;
import dev.hostwarden.core.platform.NativeLibC;

/**
 * kill(2) through libc for a signal to this very process, which {@link ProcessHandle} refuses. Apart
 * from {@link ProcessSignals}: the verifier loads the exception a method catches when it links the
 * class, so JNA's exception there made every {@code stop} open six library jars to find it.
 */
final class SelfSignal {
    private SelfSignal() {
    }

    static boolean send(long pid, int signal) {
        try {
            return NativeLibC.get().kill((int) pid, signal) == 0;
        } catch (LastErrorException failed) {
            return false;
        }
    }
}
