package dev.hostwarden.runtime;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

/** The visible steps of one stop, start or restart, each stamped with the time since it began. */
final class ControlSteps {
    private final long started = System.nanoTime();
    private final Consumer<ControlStep> progress;

    ControlSteps(Consumer<ControlStep> progress) {
        this.progress = progress;
    }

    void report(ControlStep.Kind kind, String message) {
        progress.accept(new ControlStep(kind, message, Duration.ofNanos(System.nanoTime() - started)));
    }

    static String seconds(Duration duration) {
        return String.format(Locale.ROOT, "%.1fs", duration.toMillis() / 1000.0);
    }

    /** The poll between two looks at a process or a role. */
    static void pause() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
