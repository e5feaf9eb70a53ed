package dev.hostwarden.bench;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.HomeStatus;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RendezvousWatcher;
import dev.hostwarden.panel.model.RoleSnapshot;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;

/**
 * How soon the panel's model shows what happened, wired as the app wires it (file watcher on
 * {@link PanelModel#watchedDirectories()}, the 120 s re-verification, owners' exits, and the 10 s
 * {@link PanelModel#recheckWhileVisible()} that runs while the window shows), against real processes: owner JVMs
 * ({@code dev.hostwarden.Main run gateway}) and a python3 {@code flock} holder that has published
 * nothing (a STARTING hermes). Nobody asks for a refresh by hand. Not a test: it prints medians.
 *
 * <p>Usage: {@code PanelFreshnessBench RUNS OLD_SECONDS} (system property {@code owner.classpath}).
 */
public final class PanelFreshnessBench {
    private static final Duration WAIT = Duration.ofSeconds(90);

    private final Path dir;
    private final Path locks;
    private final Path hermes;
    private final ExecutorService background = Executors.newCachedThreadPool(daemon("bench-core"));
    private final ExecutorService ui = Executors.newSingleThreadExecutor(daemon("bench-ui"));
    private final ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor(daemon("bench-tick"));
    private final PanelModel model;
    private final RendezvousWatcher watcher;

    private PanelFreshnessBench(Path dir) throws IOException {
        this.dir = dir;
        this.locks = dir.resolve("locks");
        this.hermes = Files.createDirectories(dir.resolve("hermes"));
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
        model = new PanelModel(PanelContext.of(rendezvous, hermes, null, pid -> Optional.empty(), background, ui));
        ui.execute(model::refresh);
        watcher = new RendezvousWatcher(model::watchedDirectories, Duration.ofSeconds(120), model::refresh);
        watcher.start();
        // As PanelApp does while the window shows.
        ticker.scheduleAtFixedRate(() -> ui.execute(model::recheckWhileVisible), 10, 10, TimeUnit.SECONDS);
    }

    private static ThreadFactory daemon(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }

    private void close() {
        model.close();
        watcher.close();
        ticker.shutdownNow();
        background.shutdownNow();
        ui.shutdownNow();
    }

    /** Completes with System.nanoTime() on the UI thread when the gateway's snapshot first satisfies {@code wanted}. */
    private CompletableFuture<Long> whenGateway(Predicate<RoleReport> wanted) {
        return when(() -> {
            RoleSnapshot snapshot = model.card(Role.GATEWAY).snapshotProperty().get();
            return snapshot != null && wanted.test(snapshot.report());
        }, model.card(Role.GATEWAY).snapshotProperty());
    }

    private CompletableFuture<Long> whenHome(String profile, Predicate<HomeStatus> wanted) {
        return when(() -> model.homesProperty().get().stream().anyMatch(home -> home.profile().equals(profile) && wanted.test(home)),
                model.homesProperty());
    }

    private CompletableFuture<Long> when(BooleanSupplier condition, Observable source) {
        CompletableFuture<Long> at = new CompletableFuture<>();
        ui.execute(() -> {
            if (condition.getAsBoolean()) {
                at.complete(System.nanoTime());
                return;
            }
            source.addListener(new InvalidationListener() {
                @Override
                public void invalidated(Observable observable) {
                    if (condition.getAsBoolean()) {
                        at.complete(System.nanoTime());
                        observable.removeListener(this);
                    }
                }
            });
        });
        return at;
    }

    private static long await(CompletableFuture<Long> at, String what) throws Exception {
        try {
            return at.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException late) {
            throw new IllegalStateException("not seen within " + WAIT + ": " + what);
        }
    }

    /** A real owner JVM; returns once it printed READY. */
    private Process owner() throws IOException {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("owner.classpath"), "dev.hostwarden.Main", "run", "gateway");
        return ready(command, "READY");
    }

    /** python3 holding the gateway host lock with flock and publishing nothing: a hermes still starting. */
    private Process startingHolder() throws IOException {
        Files.createDirectories(locks);
        String script = "import fcntl,os,sys\nfd=os.open(sys.argv[1],os.O_RDWR|os.O_CREAT,0o600)\nfcntl.flock(fd,fcntl.LOCK_EX)\n"
                + "print('held',flush=True)\nsys.stdin.read()\n";
        return ready(List.of("python3", "-c", script, locks.resolve("host-gateway.lock").toString()), "held");
    }

    private Process ready(List<String> command, String prefix) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("HERMES_GATEWAY_LOCK_DIR", locks.toString());
        builder.environment().put("HERMES_HOME", hermes.toString());
        builder.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process process = builder.start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.startsWith(prefix)) {
            // Skip to the ready line.
        }
        if (line == null) {
            throw new IllegalStateException(command.get(0) + " ended before " + prefix);
        }
        return process;
    }

    /** The record a kill left: retracted as a person would, so the next scenario starts from NO_OWNER. */
    private void retractStale() throws Exception {
        CompletableFuture<Long> empty = whenGateway(report -> report.verdict() == Verdict.NO_OWNER);
        HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system()).retractor().retract(Role.GATEWAY, false);
        await(empty, "NO_OWNER after the retract");
    }

    private static void signal(String which, long pid) throws Exception {
        new ProcessBuilder("kill", which, Long.toString(pid)).inheritIO().start().waitFor();
    }

    private static boolean endpointPasses(RoleReport report) {
        return report.verdict() == Verdict.LIVE && report.checks().stream()
                .anyMatch(check -> check.name().equals("endpoint") && check.result() == CheckResult.PASS);
    }

    // Scenarios: each returns milliseconds from the cause to the model showing it. //

    private double killOwner(Process owner) throws Exception {
        await(whenGateway(report -> report.verdict() == Verdict.LIVE), "LIVE");
        CompletableFuture<Long> stale = whenGateway(report -> report.verdict() == Verdict.STALE);
        long t0 = System.nanoTime();
        owner.destroyForcibly();
        return (await(stale, "STALE after kill -9") - t0) / 1e6;
    }

    /** A lock taken with nothing published -> STARTING, then its kill -9 -> NO_OWNER; both in ms. */
    private double[] startingHolderLifetime(List<Double> appeared) throws Exception {
        CompletableFuture<Long> shown = whenGateway(report -> report.verdict() == Verdict.STARTING);
        long t = System.nanoTime();
        Process holder = startingHolder();
        appeared.add((await(shown, "STARTING") - t) / 1e6);
        CompletableFuture<Long> gone = whenGateway(report -> report.verdict() == Verdict.NO_OWNER);
        long t0 = System.nanoTime();
        holder.destroyForcibly();
        return new double[] {(await(gone, "NO_OWNER after the holder's kill -9") - t0) / 1e6};
    }

    /** SIGSTOP -> ENDPOINT_SILENT, then SIGCONT -> answering again; both in ms. */
    private double[] hang() throws Exception {
        Process owner = owner();
        try {
            await(whenGateway(PanelFreshnessBench::endpointPasses), "the endpoint answering");
            CompletableFuture<Long> silent = whenGateway(report -> report.hasReason(ReasonCode.ENDPOINT_SILENT));
            long t0 = System.nanoTime();
            signal("-STOP", owner.pid());
            double stopped = (await(silent, "ENDPOINT_SILENT after SIGSTOP") - t0) / 1e6;
            CompletableFuture<Long> back = whenGateway(PanelFreshnessBench::endpointPasses);
            long t1 = System.nanoTime();
            signal("-CONT", owner.pid());
            return new double[] {stopped, (await(back, "answering after SIGCONT") - t1) / 1e6};
        } finally {
            signal("-CONT", owner.pid());
            owner.destroyForcibly().waitFor();
        }
    }

    /** A new profile home, then a marker in it: ms for each. */
    private double[] homeAndMarker(int run) throws Exception {
        String name = "bench" + run;
        CompletableFuture<Long> appears = whenHome(name, home -> true);
        long t0 = System.nanoTime();
        Path home = Files.createDirectories(hermes.resolve("profiles").resolve(name));
        double created = (await(appears, "the new profile home") - t0) / 1e6;
        CompletableFuture<Long> marked = whenHome(name, home2 -> home2.markerContents() != null);
        long t1 = System.nanoTime();
        PlannedStopMarker.write(home, ProcessHandle.current().pid(), ProcessInspector.system());
        return new double[] {created, (await(marked, "the marker") - t1) / 1e6};
    }

    public static void main(String[] args) throws Exception {
        int runs = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        int oldSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        Path root = Files.createTempDirectory("hostwarden-freshness");
        List<Double> young = new ArrayList<>();
        List<Double> old = new ArrayList<>();
        List<Double> starting = new ArrayList<>();
        List<Double> lockTaken = new ArrayList<>();
        List<Double> silent = new ArrayList<>();
        List<Double> answering = new ArrayList<>();
        List<Double> homes = new ArrayList<>();
        List<Double> markers = new ArrayList<>();

        PanelFreshnessBench bench = new PanelFreshnessBench(root.resolve("main"));
        try {
            for (int i = 0; i < runs; i++) {
                young.add(bench.killOwner(bench.owner()));
                bench.retractStale();
                starting.add(bench.startingHolderLifetime(lockTaken)[0]);
                double[] files = bench.homeAndMarker(i);
                homes.add(files[0]);
                markers.add(files[1]);
                double[] hung = bench.hang();
                silent.add(hung[0]);
                answering.add(hung[1]);
                System.err.printf(Locale.ROOT, "  run %d: kill young %.0f ms, STARTING holder killed %.0f ms, home %.0f ms, marker %.0f ms,"
                        + " SIGSTOP %.0f ms, SIGCONT %.0f ms%n", i + 1, young.get(i), starting.get(i), homes.get(i), markers.get(i),
                        silent.get(i), answering.get(i));
                bench.retractStale();
            }
        } finally {
            bench.close();
        }

        // Old owners: one panel each, all aged together, then killed one after another.
        List<PanelFreshnessBench> panels = new ArrayList<>();
        List<Process> owners = new ArrayList<>();
        try {
            for (int i = 0; i < runs; i++) {
                PanelFreshnessBench panel = new PanelFreshnessBench(root.resolve("old" + i));
                panels.add(panel);
                owners.add(panel.owner());
            }
            System.err.printf(Locale.ROOT, "  ageing %d owners for %d s%n", runs, oldSeconds);
            Thread.sleep(oldSeconds * 1000L);
            for (int i = 0; i < runs; i++) {
                old.add(panels.get(i).killOwner(owners.get(i)));
            }
        } finally {
            owners.forEach(Process::destroyForcibly);
            panels.forEach(PanelFreshnessBench::close);
        }

        System.out.printf(Locale.ROOT, "%-44s %-30s %s%n", "what the panel's model shows (n=" + runs + ")", "median (min-max)",
                "before (issue 10; README for pidfds)");
        row("kill -9 of a young owner -> STALE", young, "1.3-3.8 s; 0.30-0.48 s with pidfds (title)");
        row("kill -9 of a " + oldSeconds + " s old owner -> STALE", old, "3.8 s; 0.30-0.48 s with pidfds (title)");
        row("lock taken, nothing published -> STARTING", lockTaken, "next 120 s re-verification");
        row("kill -9 of a STARTING holder -> NO_OWNER", starting, "53 s");
        row("new profile home -> listed", homes, "manual Refresh");
        row("planned-stop marker -> shown", markers, "manual Refresh");
        row("SIGSTOP -> ENDPOINT_SILENT (re-ask 10 s)", silent, "never (manual Refresh)");
        row("SIGCONT -> endpoint PASS again", answering, "never (manual Refresh)");
    }

    private static void row(String what, List<Double> samples, String before) {
        List<Double> sorted = new ArrayList<>(samples);
        Collections.sort(sorted);
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        System.out.printf(Locale.ROOT, "%-44s %-30s %s%n", what, String.format(Locale.ROOT, "%.0f ms (%.0f-%.0f)", median, sorted.get(0),
                sorted.get(n - 1)), before);
    }
}
