package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The step lines' seconds, written without java.util.Formatter, are printf's "%6.2f" of millis / 1000.0. */
class ControlOutputTest {
    @Test
    void secondsArePrintfsSixPointTwo() {
        for (long millis = 0; millis < 200_000; millis++) {
            assertEquals(String.format(Locale.ROOT, "%6.2f", millis / 1000.0), ControlOutput.seconds(millis), "millis " + millis);
        }
        Random random = new Random(22);
        for (int i = 0; i < 100_000; i++) {
            long millis = Math.abs(random.nextLong() % 100_000_000_000L);
            assertEquals(String.format(Locale.ROOT, "%6.2f", millis / 1000.0), ControlOutput.seconds(millis), "millis " + millis);
        }
        assertEquals(String.format(Locale.ROOT, "%6.2f", -1234 / 1000.0), ControlOutput.seconds(-1234));
    }
}
