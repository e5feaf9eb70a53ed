package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.testsupport.ChildProcess;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Why the panel talks to a local X server synchronously, on a real one (Xvfb with openbox): a window
 * animating for 240 frames, with the panel's rendering defaults applied as the panel applies them, holds
 * one frame's worth of X shared memory; the same window with {@code
 * -Dhostwarden.panel.synchronousX=false} holds more (cairo took further buffers from its pool while the
 * server's reading of the last was not yet known), which shows the test measures what it means to.
 * Skipped, with the reason, where Xvfb or openbox are missing.
 */
class SynchronousXTest {
    private static final Duration PATIENCE = Duration.ofSeconds(90);

    @Test
    void anAnimatedWindowKeepsOneFrameOfSharedMemory() throws Exception {
        try (XDesktop desktop = XDesktop.start(1024, 768)) {
            long frameKb = (long) SynchronousXChild.WIDTH * SynchronousXChild.HEIGHT * 4 / 1024;
            // One frame plus a few pages of cairo's own (measured 0-1,212 kB) against two frames or more
            // (2,400-6,000 kB): the line between them is a frame and a half.
            long line = frameKb * 3 / 2;
            long synchronous = sharedKb(desktop, List.of());
            assertTrue(synchronous < line, "synchronously one frame (" + frameKb + " kB) stays shared, not two: " + synchronous + " kB");
            long asynchronous = sharedKb(desktop, List.of("-Dhostwarden.panel.synchronousX=false"));
            assertTrue(asynchronous > line,
                    "asynchronously two frames (" + frameKb + " kB each) or more stay shared, else this test shows nothing: " + asynchronous + " kB");
        }
    }

    private static long sharedKb(XDesktop desktop, List<String> options) throws Exception {
        Map<String, String> env = new HashMap<>(desktop.env());
        env.put("GDK_SYNCHRONIZE", null);
        env.put("GDK_GL", null);
        try (ChildProcess child = ChildProcess.java(options, SynchronousXChild.class.getName(), env)) {
            String line = child.readLine(PATIENCE);
            assertTrue(line != null && line.startsWith("shmem "), "expected 'shmem N frame M', got " + line + "\n" + child.stderr());
            return Long.parseLong(line.split(" ")[1]);
        }
    }
}
