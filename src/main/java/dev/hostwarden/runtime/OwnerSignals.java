package dev.hostwarden.runtime;

import java.util.List;
import sun.misc.Signal;

/**
 * SIGTERM, SIGINT and SIGHUP for a foreground owner, handled so the owner chooses its exit code: a
 * JVM left to its defaults exits 143 on SIGTERM, which supervisors read neither as "planned" (0) nor
 * as hermes' "unexpected, revive me" (1).
 */
public final class OwnerSignals {
    private OwnerSignals() {
    }

    public static void install(HostOwner owner) {
        for (String name : List.of("TERM", "INT", "HUP")) {
            try {
                Signal.handle(new Signal(name), signal -> onSignal(owner, name));
            } catch (IllegalArgumentException unsupported) {
                // Not on this platform (Windows has no SIGTERM a console process receives), or reserved.
            }
        }
    }

    private static void onSignal(HostOwner owner, String name) {
        if (owner.isClaiming()) {
            // Blocked in --wait: nothing is published yet, so there is nothing to drain.
            System.exit("INT".equals(name) ? HostOwner.EXIT_PLANNED : HostOwner.EXIT_UNEXPECTED_SIGNAL);
        }
        owner.requestStop(name);
    }
}
