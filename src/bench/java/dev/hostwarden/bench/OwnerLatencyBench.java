package dev.hostwarden.bench;

import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Latency of the owner runtime against real owner JVMs ({@code dev.hostwarden.Main run gateway}).
 * Not a test: it prints medians for the report.
 *
 * <ul>
 *   <li>{@code planned-stop}: planned-stop marker written -> owner process exited and its record gone.</li>
 *   <li>{@code takeover}: holder SIGKILLed -> the {@code run --wait} claimer's READY line.</li>
 * </ul>
 */
public final class OwnerLatencyBench {
    private static final long LINE_TIMEOUT_MS = 60_000;

    private OwnerLatencyBench() {
    }

    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "planned-stop";
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        List<Double> samples = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            Path dir = Files.createTempDirectory("hostwarden-bench");
            double ms = mode.equals("takeover") ? takeover(dir) : plannedStop(dir);
            samples.add(ms);
            System.err.printf(Locale.ROOT, "  run %2d: %7.1f ms%n", i + 1, ms);
        }
        Collections.sort(samples);
        System.out.printf(Locale.ROOT, "%s: n=%d median=%.1f ms p90=%.1f ms min=%.1f ms max=%.1f ms%n", mode, runs,
                percentile(samples, 50), percentile(samples, 90), samples.get(0), samples.get(samples.size() - 1));
    }

    private static double percentile(List<Double> sorted, int p) {
        if (p == 50 && sorted.size() % 2 == 0) {
            return (sorted.get(sorted.size() / 2 - 1) + sorted.get(sorted.size() / 2)) / 2;
        }
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    /** Marker written -> owner exited and record gone. */
    private static double plannedStop(Path dir) throws Exception {
        Owner owner = Owner.start(dir, "home", "run", "gateway");
        owner.awaitLine("READY");
        Path record = dir.resolve("locks").resolve("host-gateway.json");
        if (!Files.exists(record)) {
            throw new IllegalStateException("no record after READY");
        }
        long t0 = System.nanoTime();
        if (!PlannedStopMarker.write(dir.resolve("home"), owner.process.pid(), ProcessInspector.system())) {
            throw new IllegalStateException("marker not written");
        }
        if (!owner.process.waitFor(30, TimeUnit.SECONDS)) {
            owner.process.destroyForcibly();
            throw new IllegalStateException("owner did not exit");
        }
        while (Files.exists(record)) {
            Thread.onSpinWait();
        }
        long t1 = System.nanoTime();
        if (owner.process.exitValue() != 0) {
            throw new IllegalStateException("planned stop exited " + owner.process.exitValue());
        }
        return (t1 - t0) / 1e6;
    }

    /** Holder SIGKILLed -> the waiting claimer prints READY. */
    private static double takeover(Path dir) throws Exception {
        Owner holder = Owner.start(dir, "a", "run", "gateway");
        holder.awaitLine("READY");
        Owner waiter = Owner.start(dir, "b", "run", "gateway", "--wait");
        try {
            // Give the waiter time to start its JVM and block in flock (a bench, not a test).
            Thread.sleep(2500);
            if (!waiter.process.isAlive()) {
                throw new IllegalStateException("the waiter exited early");
            }
            long t0 = System.nanoTime();
            holder.process.destroyForcibly();
            long ready = waiter.awaitLine("READY");
            return (ready - t0) / 1e6;
        } finally {
            holder.process.destroyForcibly();
            waiter.process.destroyForcibly();
            waiter.process.waitFor(10, TimeUnit.SECONDS);
        }
    }

    /** A child owner JVM whose stdout lines are timestamped as they arrive. */
    private static final class Owner {
        final Process process;
        final BlockingQueue<long[]> stamps = new LinkedBlockingQueue<>();
        final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

        private Owner(Process process) {
            this.process = process;
            Thread reader = new Thread(() -> {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = in.readLine()) != null) {
                        stamps.add(new long[] {System.nanoTime()});
                        lines.add(line);
                    }
                } catch (IOException closed) {
                    // The owner ended.
                }
            });
            reader.setDaemon(true);
            reader.start();
        }

        static Owner start(Path dir, String home, String... args) throws IOException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("owner.classpath"), "dev.hostwarden.Main"));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command);
            builder.environment().put("HERMES_GATEWAY_LOCK_DIR", dir.resolve("locks").toString());
            builder.environment().put("HERMES_HOME", dir.resolve(home).toString());
            builder.redirectError(ProcessBuilder.Redirect.DISCARD);
            return new Owner(builder.start());
        }

        /** Waits for a line starting with {@code prefix}; returns when it arrived (nanoTime). */
        long awaitLine(String prefix) throws InterruptedException {
            while (true) {
                long[] stamp = stamps.poll(LINE_TIMEOUT_MS, TimeUnit.MILLISECONDS);
                String line = lines.poll(1, TimeUnit.SECONDS);
                if (stamp == null || line == null) {
                    throw new IllegalStateException("no " + prefix + " line (exit " + (process.isAlive() ? "-" : process.exitValue()) + ")");
                }
                if (line.startsWith(prefix)) {
                    return stamp[0];
                }
            }
        }
    }
}
