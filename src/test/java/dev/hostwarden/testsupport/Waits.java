package dev.hostwarden.testsupport;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Wait on a condition with a deadline: never sleep-and-hope. */
public final class Waits {
    private Waits() {
    }

    public static void until(String what, Duration timeout, BooleanSupplier condition) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout + " waiting for: " + what);
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for: " + what, interrupted);
            }
        }
    }
}
