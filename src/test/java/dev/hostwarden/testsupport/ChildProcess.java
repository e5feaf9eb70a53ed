package dev.hostwarden.testsupport;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A real child process for multi-process tests: a JVM running a main class from the test class path,
 * or any command (python3, sleep). Its stdout lines are read on a thread into a queue so a test waits
 * for a line with a deadline instead of sleeping; stderr is kept for failure messages.
 */
public final class ChildProcess implements AutoCloseable {
    private final Process process;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final StringBuffer stderr = new StringBuffer();
    private final Writer stdin;
    private final Thread stderrPump;

    private ChildProcess(Process process) {
        this.process = process;
        this.stdin = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        Thread out = new Thread(() -> pump(new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)), true),
                "child-stdout-" + process.pid());
        Thread err = new Thread(() -> pump(new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8)), false),
                "child-stderr-" + process.pid());
        out.setDaemon(true);
        err.setDaemon(true);
        out.start();
        err.start();
        this.stderrPump = err;
    }

    /** Starts {@code java -cp <test class path> mainClass args} with extra environment variables. */
    public static ChildProcess java(Class<?> mainClass, Map<String, String> env, String... args) throws IOException {
        return java(mainClass.getName(), env, args);
    }

    public static ChildProcess java(String mainClass, Map<String, String> env, String... args) throws IOException {
        return java(List.of(), mainClass, env, args);
    }

    /** As {@link #java(String, Map, String...)}, with extra JVM options (a {@code -D} property, say). */
    public static ChildProcess java(List<String> jvmOptions, String mainClass, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-XX:+UseSerialGC");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-Xshare:auto");
        // No hsperfdata file: with PIDs reused across namespaces the JVM otherwise warns on stdout that
        // another process locks "its" file, and stdout is what the tests read.
        command.add("-XX:-UsePerfData");
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(mainClass);
        command.addAll(List.of(args));
        return start(command, env);
    }

    /** Starts any command with extra environment variables (null values remove a variable). */
    public static ChildProcess start(List<String> command, Map<String, String> env) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        return new ChildProcess(builder.start());
    }

    private void pump(BufferedReader reader, boolean toQueue) {
        try (reader) {
            String line;
            while ((line = reader.readLine()) != null) {
                if (toQueue) {
                    lines.add(line);
                } else {
                    stderr.append(line).append('\n');
                }
            }
        } catch (IOException closed) {
            // The child ended.
        }
    }

    public long pid() {
        return process.pid();
    }

    public Process process() {
        return process;
    }

    /** The next stdout line, waiting at most {@code timeout}; fails with the child's stderr otherwise. */
    public String readLine(Duration timeout) {
        try {
            String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
            if (line == null) {
                throw new AssertionError("no line from child " + pid() + " within " + timeout
                        + (process.isAlive() ? "" : " (exited " + process.exitValue() + ")") + "; stderr:\n" + stderr);
            }
            return line;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", interrupted);
        }
    }

    /** Reads lines until one satisfies {@code wanted}, within {@code timeout} overall. */
    public String awaitLine(Predicate<String> wanted, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            String line = readLine(Duration.ofNanos(Math.max(1, left)));
            if (wanted.test(line)) {
                return line;
            }
        }
    }

    public void writeLine(String line) throws IOException {
        stdin.write(line + "\n");
        stdin.flush();
    }

    public String stderr() {
        return stderr.toString();
    }

    /** Waits for the exit with a deadline; returns the exit code. */
    public int waitFor(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("child " + pid() + " still running after " + timeout + "; stderr:\n" + stderr);
        }
        // So stderr() holds the child's last lines (bounded: a grandchild may still hold the pipe open).
        stderrPump.join(TimeUnit.SECONDS.toMillis(5));
        return process.exitValue();
    }

    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    /** Kills the child if it still runs; an interrupt while waiting is kept for the caller. */
    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                kill();
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
