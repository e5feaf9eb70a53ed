package dev.hostwarden.bench;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.profiles.ProfileScan;
import dev.hostwarden.core.profiles.ProfilesReport;
import dev.hostwarden.core.record.RendezvousDir;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * One full profiles scan (what the panel's refresh and {@code hostwarden profiles} do) of 1, 30 and
 * 300 profile homes, against a real multiplexing {@code run gateway} owner answering identify. Each
 * home carries a leftover gateway.pid naming its own dead PID and every third one an expired marker
 * naming it too, so every reader runs.
 * Prints median wall and CPU milliseconds per scan, side by side. Goal: 300 profiles within 100 ms of CPU.
 *   java -Downer.classpath=CP -cp bench-classes:CP dev.hostwarden.bench.ProfilesScanBench [RUNS]
 */
public final class ProfilesScanBench {
    private static final int[] SIZES = {1, 30, 300};

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 21;
        String classpath = System.getProperty("owner.classpath", System.getProperty("java.class.path"));
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        System.out.printf("%-10s %14s %14s %8s%n", "profiles", "median wall ms", "median CPU ms", "runs");
        for (int size : SIZES) {
            Path dir = Files.createTempDirectory("hostwarden-profiles-bench");
            Path root = Files.createDirectories(dir.resolve("hermes"));
            Path locks = dir.resolve("locks");
            for (int i = 1; i <= size; i++) {
                Path home = Files.createDirectories(root.resolve("profiles").resolve(String.format("p%03d", i)));
                // Distinct PIDs that are not running (near the default pid_max), as real leftovers name different processes.
                long dead = 4_194_303 - i;
                Files.writeString(home.resolve("gateway.pid"), "{\"pid\": " + dead + ", \"kind\": \"hermes-gateway\", \"start_time\": 1}");
                if (i % 3 == 0) {
                    Files.writeString(home.resolve(".gateway-planned-stop.json"),
                            "{\"target_pid\": " + dead + ", \"stopper_pid\": 1, \"written_at\": \"2026-01-01T00:00:00+00:00\"}");
                }
            }
            Process owner = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classpath,
                    "dev.hostwarden.Main", "run", "gateway", "--lock-dir", locks.toString(), "--home", root.toString())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try {
                String ready = new BufferedReader(new InputStreamReader(owner.getInputStream(), StandardCharsets.UTF_8)).readLine();
                if (ready == null || !ready.startsWith("READY")) {
                    throw new IllegalStateException("the owner did not start: " + ready);
                }
                ProfileScan scan = new ProfileScan(HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system()));
                for (int warm = 0; warm < 5; warm++) {
                    check(scan.scan(root), size);
                }
                long[] wall = new long[runs];
                long[] cpu = new long[runs];
                for (int run = 0; run < runs; run++) {
                    long cpuStart = threads.getCurrentThreadCpuTime();
                    long start = System.nanoTime();
                    ProfilesReport report = scan.scan(root);
                    wall[run] = System.nanoTime() - start;
                    cpu[run] = threads.getCurrentThreadCpuTime() - cpuStart;
                    check(report, size);
                }
                System.out.printf("%-10d %14.1f %14.1f %8d%n", size, median(wall) / 1e6, median(cpu) / 1e6, runs);
            } finally {
                owner.destroy();
                owner.waitFor();
                delete(dir);
            }
        }
    }

    /** A scan that lost the owner's answer or a home measures the wrong thing. */
    private static void check(ProfilesReport report, int size) {
        if (!report.owner().answered() || report.profiles().size() != size + 1) {
            throw new IllegalStateException("unexpected scan: owner " + report.owner() + ", " + report.profiles().size() + " homes");
        }
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void delete(Path dir) throws IOException {
        List<Path> paths = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.forEach(paths::add);
        }
        paths.sort(Comparator.reverseOrder());
        for (Path path : paths) {
            Files.deleteIfExists(path);
        }
    }
}
