package dev.hostwarden.runtime;

/**
 * SIGTERM, SIGINT and SIGHUP for a foreground owner, handled so the owner chooses its exit code: a
 * JVM left to its defaults exits 143 on SIGTERM, which supervisors read neither as "planned" (0) nor
 * as hermes' "unexpected, revive me" (1).
 *
 * <p>{@link #install()} is the first thing {@code run} does, before parsing its arguments or loading
 * the owner's classes, so the window in which a SIGTERM still meets the JVM's own handler (143) is
 * only the JVM's start-up, before any of this program's code runs. Until an owner is
 * {@link #attach attached} nothing is published, so a signal simply ends the process with the code a
 * stop of the owner would have had.
 */
public final class OwnerSignals {
    private static final String[] HANDLED = {"TERM", "INT", "HUP"};
    private static volatile HostOwner owner;
    private static boolean installed;

    private OwnerSignals() {
    }

    public static synchronized void install() {
        if (installed) {
            return;
        }
        installed = true;
        SignalHandlers.install(HANDLED, new StopOnSignal());
    }

    /**
     * From now on a signal asks this owner to stop, so it drains what it published. Installs the
     * handlers if {@code run} did not (an owner started in a JVM of its own embedder's making).
     */
    public static void attach(HostOwner started) {
        install();
        owner = started;
    }

    private static void onSignal(String name) {
        HostOwner current = owner;
        if (current == null || current.isClaiming()) {
            // Not attached yet, or blocked in --wait: nothing is published, so there is nothing to drain.
            System.exit("INT".equals(name) ? HostOwner.EXIT_PLANNED : HostOwner.EXIT_UNEXPECTED_SIGNAL);
        }
        current.requestStop(name);
    }

    /** A named class, not a lambda: installing it must not wait for the JDK's lambda machinery. */
    private static final class StopOnSignal implements SignalHandlers.Listener {
        @Override
        public void onSignal(String name) {
            OwnerSignals.onSignal(name);
        }
    }
}
