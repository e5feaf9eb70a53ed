package dev.hostwarden.core.process;

import dev.hostwarden.core.platform.Platform;
import java.util.Optional;

/**
 * Asking another process to end: SIGTERM (POSIX only; Windows has no signal a console process can
 * catch, which is why the planned-stop marker exists) and the forced end (SIGKILL, or
 * TerminateProcess through {@link ProcessHandle} on Windows). Callers re-prove the target's
 * incarnation right before calling.
 */
public final class ProcessSignals {
    public static final int SIGKILL = 9;
    public static final int SIGTERM = 15;

    private ProcessSignals() {
    }

    /** Sends SIGTERM; false where there are no signals or the kill failed (no such process, not permitted). */
    public static boolean terminate(long pid) {
        return Platform.current().hasSignals() && send(pid, SIGTERM);
    }

    /** Ends the process without letting it clean up. */
    public static boolean kill(long pid) {
        if (Platform.current().hasSignals()) {
            return send(pid, SIGKILL);
        }
        return ProcessHandle.of(pid).map(ProcessHandle::destroyForcibly).orElse(false);
    }

    /**
     * kill(2) through {@link ProcessHandle} (which also checks, at the call, that the PID is still the
     * process it looked up): loading JNA and its native library for one signal cost a fresh {@code stop}
     * about a tenth of its CPU. Only a signal to this process itself, which ProcessHandle refuses, goes
     * through JNA.
     */
    private static boolean send(long pid, int signal) {
        if (pid <= 0 || pid > Integer.MAX_VALUE) {
            return false;
        }
        if (pid == Platform.currentPid()) {
            return SelfSignal.send(pid, signal);
        }
        Optional<ProcessHandle> target = ProcessHandle.of(pid);
        if (target.isEmpty()) {
            return false;
        }
        return signal == SIGKILL ? target.get().destroyForcibly() : target.get().destroy();
    }
}
