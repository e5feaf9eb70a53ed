package dev.hostwarden.cli;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The command line as a user meets it, in its own JVM and environment (PATH, XDG_STATE_HOME,
 * HOSTWARDEN_LAUNCHER), so a restart that launches something writes its log into the test's
 * directory and a test can take {@code hermes} off PATH. Output goes to files, read after the exit.
 */
final class CliChild {
    static final Duration DEADLINE = Duration.ofSeconds(60);

    record Result(int code, String out, String err) {
        @Override
        public String toString() {
            return "exit " + code + "\nstdout:\n" + out + "stderr:\n" + err;
        }
    }

    private CliChild() {
    }

    /** Runs {@code hostwarden ARGS} with the test's environment plus {@code env} (null removes a variable). */
    static Result run(Path scratch, Map<String, String> env, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xshare:auto", "-XX:-UsePerfData", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Path out = Files.createTempFile(scratch, "cli", ".out");
        Path err = Files.createTempFile(scratch, "cli", ".err");
        builder.redirectOutput(out.toFile()).redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        Process process = builder.start();
        if (!process.waitFor(DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("hostwarden " + String.join(" ", args) + " still running after " + DEADLINE
                    + "; stderr:\n" + Files.readString(err, StandardCharsets.UTF_8));
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** A real {@code run ROLE} owner in {@code locks}, serving from {@code home}, once it printed READY. */
    static ChildProcess owner(Path locks, Path home, String role, String... extra) throws IOException {
        List<String> args = new ArrayList<>(List.of("run", role));
        args.addAll(List.of(extra));
        ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", home.toString()),
                args.toArray(new String[0]));
        String ready = owner.readLine(DEADLINE);
        if (!ready.equals("READY role=" + role + " pid=" + owner.pid())) {
            owner.close();
            throw new AssertionError("the owner did not start: " + ready + "\n" + owner.stderr());
        }
        return owner;
    }

    static HostRendezvous rendezvous(Path locks) {
        return HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
    }

    /** The role's live owner's PID, or null when the role has no LIVE owner. */
    static Long livePid(Path locks, Role role) {
        var report = new RoleInspector(rendezvous(locks), false).inspect(role);
        HostRecord record = report.record().recordOrNull();
        return report.verdict() == Verdict.LIVE && record != null ? record.pid() : null;
    }
}
