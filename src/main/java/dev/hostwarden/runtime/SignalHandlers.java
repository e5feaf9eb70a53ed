package dev.hostwarden.runtime;

import sun.misc.Signal;

/**
 * One listener for several POSIX signals by name, skipping those the platform does not have (Windows
 * has no SIGTERM a console process receives) or the JVM reserves. Used by the owner ({@link OwnerSignals})
 * and the panel.
 */
public final class SignalHandlers {
    /** Told the signal's name (TERM, INT, HUP) on the JVM's signal thread. */
    public interface Listener {
        void onSignal(String name);
    }

    private SignalHandlers() {
    }

    public static void install(String[] names, Listener listener) {
        for (String name : names) {
            try {
                Signal.handle(new Signal(name), new Handler(name, listener));
            } catch (IllegalArgumentException unsupported) {
                // Not on this platform, or reserved.
            }
        }
    }

    /** A named class, not a lambda: installing it must not wait for the JDK's lambda machinery. */
    private static final class Handler implements sun.misc.SignalHandler {
        private final String name;
        private final Listener listener;

        Handler(String name, Listener listener) {
            this.name = name;
            this.listener = listener;
        }

        @Override
        public void handle(Signal signal) {
            listener.onSignal(name);
        }
    }
}
