package dev.hostwarden.panel;

import dev.hostwarden.testsupport.ChildProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Assumptions;

/**
 * A real X desktop for tests that must see what a person sees: Xvfb with a window manager (openbox),
 * inspected with xdotool, xwininfo and xprop. Where any of them is missing the calling test is skipped,
 * loudly: the reason goes to stderr and into the JUnit report.
 */
final class XDesktop implements AutoCloseable {
    static final List<String> TOOLS = List.of("Xvfb", "openbox", "xdotool", "xwininfo", "xprop");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private final String display;
    private final List<Process> processes = new ArrayList<>();

    private XDesktop(String display) {
        this.display = display;
    }

    /** Starts Xvfb at {@code width}x{@code height} and openbox on it; skips the test when they cannot run here. */
    static XDesktop start(int width, int height) throws IOException {
        skipUnless(System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("linux"),
                "a real X desktop is tested on Linux only");
        for (String tool : TOOLS) {
            skipUnless(onPath(tool), tool + " is not on PATH (apt-get install xvfb openbox xdotool x11-utils)");
        }
        int number = 400 + (int) (ProcessHandle.current().pid() % 400);
        while (Files.exists(Path.of("/tmp/.X11-unix/X" + number)) || Files.exists(Path.of("/tmp/.X" + number + "-lock"))) {
            number++;
        }
        XDesktop desktop = new XDesktop(":" + number);
        desktop.processes.add(new ProcessBuilder("Xvfb", desktop.display, "-screen", "0", width + "x" + height + "x24", "-nolisten", "tcp")
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
        boolean up = poll(() -> Files.exists(Path.of("/tmp/.X11-unix/X" + desktop.display.substring(1))) ? Boolean.TRUE : null).isPresent();
        if (!up) {
            desktop.close();
            skipUnless(false, "Xvfb did not start on " + desktop.display);
        }
        ProcessBuilder openbox = new ProcessBuilder("openbox").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        openbox.environment().put("DISPLAY", desktop.display);
        desktop.processes.add(openbox.start());
        // The window manager is ready once it announces itself on the root window.
        boolean managed = poll(() -> desktop.run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK").filter(out -> out.contains("window id"))
                .map(out -> Boolean.TRUE).orElse(null)).isPresent();
        if (!managed) {
            desktop.close();
            skipUnless(false, "openbox did not come up on " + desktop.display);
        }
        return desktop;
    }

    private static void skipUnless(boolean condition, String why) {
        if (!condition) {
            System.err.println("SKIPPED (no real desktop): " + why);
        }
        Assumptions.assumeTrue(condition, "no real desktop: " + why);
    }

    static boolean onPath(String program) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
    }

    String display() {
        return display;
    }

    /** The environment a GUI child needs to open its window on this desktop (and nowhere else). */
    Map<String, String> env() {
        HashMap<String, String> env = new HashMap<>();
        env.put("DISPLAY", display);
        env.put("GDK_BACKEND", "x11");
        env.put("WAYLAND_DISPLAY", null);
        return env;
    }

    /** Runs an X tool on this desktop; its stdout when it exits 0 within the deadline. */
    Optional<String> run(String... command) {
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
            builder.environment().put("DISPLAY", display);
            Process process = builder.start();
            byte[] out = process.getInputStream().readAllBytes();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return process.exitValue() == 0 ? Optional.of(new String(out, StandardCharsets.UTF_8)) : Optional.empty();
        } catch (IOException failed) {
            return Optional.empty();
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** The visible top-level window whose title starts with {@code title}, once it is mapped. */
    String awaitWindow(String title, ChildProcess owner) {
        return poll(() -> {
            if (!owner.process().isAlive()) {
                throw new AssertionError("the panel exited (" + owner.process().exitValue() + ") before its window appeared; stderr:\n" + owner.stderr());
            }
            return run("xdotool", "search", "--onlyvisible", "--name", "^" + title).map(String::strip)
                    .filter(out -> !out.isEmpty()).map(out -> out.lines().findFirst().orElseThrow()).orElse(null);
        }).orElseThrow(() -> new AssertionError("no window titled " + title + " within " + PATIENCE + "; stderr:\n" + owner.stderr()));
    }

    /** A window's outer frame as the window manager draws it: position and size including decorations. */
    record Frame(int x, int y, int width, int height) {
    }

    Frame frame(String window) {
        String info = run("xwininfo", "-id", window).orElseThrow(() -> new AssertionError("xwininfo failed for " + window));
        int[] extents = run("xprop", "-id", window, "_NET_FRAME_EXTENTS").filter(out -> out.contains("="))
                .map(out -> Arrays.stream(out.substring(out.indexOf('=') + 1).split(",")).map(String::strip).mapToInt(Integer::parseInt).toArray())
                .orElse(new int[] {0, 0, 0, 0});
        int x = field(info, "Absolute upper-left X:");
        int y = field(info, "Absolute upper-left Y:");
        return new Frame(x - extents[0], y - extents[2], field(info, "Width:") + extents[0] + extents[1],
                field(info, "Height:") + extents[2] + extents[3]);
    }

    /** The window manager's work area (the screen without docks): x, y, width, height. */
    Frame workArea() {
        String out = run("xprop", "-root", "_NET_WORKAREA").orElseThrow(() -> new AssertionError("no _NET_WORKAREA"));
        int[] area = Arrays.stream(out.substring(out.indexOf('=') + 1).split(",")).limit(4).map(String::strip).mapToInt(Integer::parseInt).toArray();
        return new Frame(area[0], area[1], area[2], area[3]);
    }

    private static int field(String info, String name) {
        return info.lines().map(String::strip).filter(line -> line.startsWith(name))
                .map(line -> Integer.parseInt(line.substring(name.length()).strip())).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + name + "' in xwininfo output:\n" + info));
    }

    /** Polls {@code probe} every 100 ms until it answers non-null, for at most a minute. */
    static <T> Optional<T> poll(Supplier<T> probe) {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            T answer = probe.get();
            if (answer != null) {
                return Optional.of(answer);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            Process process = processes.get(i);
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
