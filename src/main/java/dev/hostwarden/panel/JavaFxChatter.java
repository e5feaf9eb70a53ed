package dev.hostwarden.panel;

import java.io.PrintStream;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * JavaFX's own start-up notes, kept off stderr unless the panel runs with its debug switch: the
 * "Setting PULSE_DURATION to 30 hz" line JavaFX prints whenever the pulse rate is set (the panel
 * always sets it) and the "Unsupported JavaFX configuration" warning logged when JavaFX is loaded from
 * the class path, as {@code java -jar} does. Neither asks anything of the user; every other line
 * goes through untouched.
 */
final class JavaFxChatter {
    private static final String PULSE_NOTE = "Setting PULSE_DURATION to ";
    /** Held so the logger, and its level, are not collected. */
    private static Logger javafxLogger;

    private JavaFxChatter() {
    }

    static void silence() {
        System.setErr(new Filtered(System.err));
        javafxLogger = Logger.getLogger("javafx");
        javafxLogger.setLevel(Level.SEVERE);
    }

    /** stderr without JavaFX's pulse note (printed with a single println from its timer's class initialiser). */
    private static final class Filtered extends PrintStream {
        Filtered(PrintStream target) {
            super(target, true);
        }

        @Override
        public void println(String line) {
            if (line == null || !line.startsWith(PULSE_NOTE)) {
                super.println(line);
            }
        }
    }
}
