package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.testsupport.ChildProcess;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The pulse governor on JavaFX's real GTK toolkit, under Xvfb with openbox: a child JVM counts its
 * pulses while asking for one after each, so the count is the timer's rate (30 Hz busy, 4 Hz idle).
 * Idle after the quiet period; a real pointer motion from xdotool brings the full rate back at once;
 * an animation started while idle gets it back too and keeps it past the quiet period; stopped, the
 * rate drops again. Skipped, with the reason, where Xvfb, openbox or xdotool are missing.
 */
class PulseGovernorTest {
    private static final Duration PATIENCE = Duration.ofSeconds(40);

    @Test
    void slowsWhenQuietAndWakesAtInputAndForAnimations() throws Exception {
        try (XDesktop desktop = XDesktop.start(800, 600);
                ChildProcess child = ChildProcess.java(List.of("-Djavafx.animation.pulse=30", "-Dprism.order=sw"),
                        PulseGovernorChild.class.getName(), desktop.env())) {
            assertEquals("governed", child.readLine(PATIENCE), child.stderr());
            String window = desktop.awaitWindow("PulseGovernorChild", child);

            child.writeLine("await-idle");
            int idle = number(child.readLine(PATIENCE), "idle ");
            assertTrue(idle <= 8, "4 Hz when quiet, counted " + idle + " pulses in a second");

            assertTrue(desktop.run("xdotool", "mousemove", "--window", window, "30", "30").isPresent(), "xdotool mousemove");
            child.writeLine("count");
            String afterInput = child.readLine(PATIENCE);
            assertTrue(number(afterInput, "count ") >= 15, "30 Hz after a pointer motion: " + afterInput);

            child.writeLine("await-idle");
            assertTrue(number(child.readLine(PATIENCE), "idle ") <= 8);
            child.writeLine("animate");
            String animating = child.readLine(PATIENCE);
            assertTrue(animating.endsWith("idle=false") && number(animating, "animating ") >= 15,
                    "30 Hz while a square spins, past the quiet period: " + animating);

            child.writeLine("still");
            assertEquals("stopped", child.readLine(PATIENCE));
            child.writeLine("await-idle");
            assertTrue(number(child.readLine(PATIENCE), "idle ") <= 8, "idle again once the animation stopped");
        }
    }

    private static int number(String line, String prefix) {
        assertTrue(line != null && line.startsWith(prefix), "expected '" + prefix + "...', got " + line);
        return Integer.parseInt(line.substring(prefix.length()).split(" ")[0]);
    }
}
