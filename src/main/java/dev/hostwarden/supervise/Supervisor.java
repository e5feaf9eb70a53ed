package dev.hostwarden.supervise;

import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.runtime.PlannedStopWatcher;
import dev.hostwarden.runtime.SignalHandlers;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * The {@code supervise} command's process: one {@link RoleSupervisor} per role, until it is asked to
 * end like an owner is: SIGTERM or SIGINT, or (the only way on Windows) a planned-stop marker naming
 * this process in its hermes home. Ending stops supervising and frees the slots; the owners it
 * launched keep running.
 */
public final class Supervisor {
    private final List<RoleSupervisor> roles;
    private final Path home;
    private final ProcessInspector inspector;
    private final CountDownLatch asked = new CountDownLatch(1);
    private volatile String why = "";

    public Supervisor(List<RoleSupervisor> roles, Path home, ProcessInspector inspector) {
        this.roles = List.copyOf(roles);
        this.home = home;
        this.inspector = inspector;
    }

    /** Blocks until asked to end, then stops every role's supervision; returns why it ended. */
    public String awaitEnd() throws InterruptedException {
        SignalHandlers.install(new String[] {"TERM", "INT", "HUP"}, new EndOnSignal(this));
        PlannedStopWatcher watcher = new PlannedStopWatcher(() -> PlannedStopMarker.pathFor(home), new Running(this),
                (handler, signal) -> handler.shutdown(signal), signal -> end("a planned-stop marker naming this supervisor"),
                PlannedStopWatcher.DEFAULT_POLL_INTERVAL, inspector);
        watcher.startThread();
        try {
            asked.await();
        } finally {
            watcher.stop();
            if (why.startsWith("a planned-stop marker")) {
                PidMarker marker = PlannedStopMarker.forHome(home);
                marker.consumeForSelf(inspector, home);
            }
            roles.forEach(RoleSupervisor::stop);
        }
        return why;
    }

    void end(String reason) {
        if (asked.getCount() > 0) {
            why = reason;
            asked.countDown();
        }
    }

    /** A named class, not a lambda, as the owner's: a signal handler must not wait for the lambda machinery. */
    private static final class EndOnSignal implements SignalHandlers.Listener {
        private final Supervisor supervisor;

        EndOnSignal(Supervisor supervisor) {
            this.supervisor = supervisor;
        }

        @Override
        public void onSignal(String name) {
            supervisor.end("SIG" + name);
        }
    }

    private static final class Running implements PlannedStopWatcher.RunnerState {
        private final Supervisor supervisor;

        Running(Supervisor supervisor) {
            this.supervisor = supervisor;
        }

        @Override
        public boolean isRunning() {
            return supervisor.asked.getCount() > 0;
        }

        @Override
        public boolean isDraining() {
            return supervisor.asked.getCount() == 0;
        }
    }
}
