package dev.hostwarden.core.platform;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One JVM shutdown hook that runs every registered cleanup once. Shutdown hooks run on normal exit,
 * SIGTERM, SIGINT and SIGHUP (and console close on Windows), never on SIGKILL: that gap is why
 * liveness must be proven and why retract exists.
 */
public final class ExitCleanup {
    private static final Map<String, Runnable> ACTIONS = new LinkedHashMap<>();
    private static boolean hookInstalled;

    private ExitCleanup() {
    }

    /** Registers (or replaces) the cleanup under {@code key}. */
    public static synchronized void register(String key, Runnable action) {
        ACTIONS.put(key, action);
        if (!hookInstalled) {
            Runtime.getRuntime().addShutdownHook(new Thread(ExitCleanup::runAll, "hostwarden-exit-cleanup"));
            hookInstalled = true;
        }
    }

    public static synchronized void unregister(String key) {
        ACTIONS.remove(key);
    }

    /** Runs and forgets every registered cleanup; each failure is contained. Safe to call twice. */
    public static void runAll() {
        Runnable[] actions;
        synchronized (ExitCleanup.class) {
            actions = ACTIONS.values().toArray(new Runnable[0]);
            ACTIONS.clear();
        }
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException ignored) {
                // One failed cleanup must not keep the others from running.
            }
        }
    }
}
