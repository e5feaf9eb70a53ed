package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HermesHome;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "marker", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class, description = "Show or write a home's planned-stop marker.",
        subcommands = {MarkerCommand.Show.class, MarkerCommand.Write.class})
final class MarkerCommand implements Runnable {

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a marker command is required (show, write)");
    }

    static Path home(Path option) {
        return option != null ? option.toAbsolutePath().normalize() : HermesHome.resolve(Environment.system());
    }

    @Command(name = "show", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class, description = "Show the planned-stop marker: target, stopper, age against the 60 s TTL, "
            + "and whether it names a live process. Read-only.",
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:a marker is there", "3:no marker", "1:the file is unusable"})
    static final class Show implements Callable<Integer> {
        @Mixin
        CommonOptions common;


        @Option(names = "--home", paramLabel = "DIR", description = "The HERMES_HOME (default: HERMES_HOME, else hermes' default).")
        Path home;

        @Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            Output output = HostwardenCommand.output(spec, common);
            // Text goes nowhere in JSON mode: stdout carries exactly one document there.
            PrintWriter text = output.json() ? new PrintWriter(Writer.nullWriter()) : output.out();
            Path path = PlannedStopMarker.pathFor(home(home));
            PidMarker.Read read = PlannedStopMarker.at(path).peek();
            ObjectNode json = JsonTrees.object().put("path", path.toString()).put("ttlSeconds", PidMarker.TTL.toSeconds());
            int code;
            if (read instanceof PidMarker.Missing) {
                json.put("present", false);
                text.println("no planned-stop marker at " + path);
                code = 3;
            } else if (read instanceof PidMarker.Unusable unusable) {
                json.put("present", true).put("problem", unusable.why());
                text.println(path + ": unusable marker: " + unusable.why());
                code = 1;
            } else if (read instanceof PidMarker.InvalidTarget invalid) {
                json.put("present", true).put("problem", invalid.why());
                text.println(path + ": marker without a valid target: " + invalid.why() + " (it is never obeyed)");
                code = 1;
            } else {
                describe(text, path, ((PidMarker.Found) read).contents(), json);
                code = 0;
            }
            if (output.json()) {
                output.document(json);
            } else {
                text.flush();
            }
            return code;
        }

        private static void describe(PrintWriter text, Path path, PidMarker.Contents marker, ObjectNode json) {
            ProcessInspector inspector = ProcessInspector.system();
            boolean alive = inspector.presence(marker.targetPid()).presence() == ProcessInspector.Presence.ALIVE;
            Long ticks = alive ? inspector.startTicks(marker.targetPid()) : null;
            Boolean sameStart = !alive || marker.targetStartTime() == null || ticks == null ? null : marker.targetStartTime().equals(ticks);
            String names;
            if (!alive) {
                names = "PID " + marker.targetPid() + " is not running: the marker names no live process";
            } else if (sameStart == null) {
                names = "PID " + marker.targetPid() + " is alive (start time not comparable: the PID alone decides)";
            } else if (sameStart) {
                names = "PID " + marker.targetPid() + " is alive with the same start time: the marker names this live process";
            } else {
                names = "PID " + marker.targetPid() + " is alive but started at " + ticks + ": another process, the marker names none";
            }
            String age = marker.age() == null ? "unknown age (unparseable written_at: expired)"
                    : String.format(Locale.ROOT, "%.1fs old of its %ds TTL: %s", seconds(marker.age()),
                            PidMarker.TTL.toSeconds(), marker.expired() ? "EXPIRED, never obeyed" : "live");
            PrintableLines.of(text)
                    .line("marker", path.toString())
                    .line("target", "PID " + marker.targetPid() + ", start time " + (marker.targetStartTime() == null ? "unknown" : marker.targetStartTime()))
                    .line("stopper", marker.writerPid() == null ? "not attributed" : "PID " + marker.writerPid())
                    .line("written", (marker.writtenAt().isEmpty() ? "(missing)" : marker.writtenAt()) + ", " + age)
                    .line("names", names);
            json.put("present", true).put("targetPid", marker.targetPid()).put("targetStartTime", marker.targetStartTime())
                    .put("stopperPid", marker.writerPid()).put("writtenAt", marker.writtenAt())
                    .put("ageSeconds", marker.age() == null ? null : seconds(marker.age())).put("expired", marker.expired());
            json.putObject("target").put("alive", alive).put("startTime", ticks).put("startTimeMatches", sameStart)
                    .put("namesLiveProcess", alive && !Boolean.FALSE.equals(sameStart));
        }
    }

    /** A duration in seconds; a written_at centuries away overflows milliseconds, never this. */
    private static double seconds(Duration age) {
        return age.getSeconds() + age.getNano() / 1e9;
    }

    /** Aligned "label  value" lines. */
    private static final class PrintableLines {
        private final PrintWriter out;

        private PrintableLines(PrintWriter out) {
            this.out = out;
        }

        static PrintableLines of(PrintWriter out) {
            return new PrintableLines(out);
        }

        PrintableLines line(String label, String value) {
            out.printf("%-8s %s%n", label, value);
            return this;
        }
    }

    @Command(name = "write", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class, description = "Write a planned-stop marker naming PID (with its start time as measured now), "
            + "this process as the stopper.",
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = {"0:written", "1:could not write the marker", "2:usage error"})
    static final class Write implements Callable<Integer> {
        @Mixin
        CommonOptions common;


        @Option(names = "--target", paramLabel = "PID", required = true, description = "The process the marker asks to stop.")
        long target;

        @Option(names = "--home", paramLabel = "DIR", description = "The HERMES_HOME (default: HERMES_HOME, else hermes' default).")
        Path home;

        @Spec
        CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (target <= 0 || target > Integer.MAX_VALUE) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--target " + target + " is not a valid PID (a positive integer)");
            }
            Path dir = home(home);
            if (!Files.isDirectory(dir)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--home " + dir + " is not an existing directory");
            }
            Output output = HostwardenCommand.output(spec, common);
            ProcessInspector inspector = ProcessInspector.system();
            if (inspector.presence(target).presence() == ProcessInspector.Presence.DEAD) {
                output.progress("hostwarden: warning: PID " + target + " is not running; the marker will expire unobeyed");
            }
            Path path = PlannedStopMarker.pathFor(dir);
            Optional<String> failure = PlannedStopMarker.tryWrite(dir, target, inspector);
            if (failure.isPresent()) {
                output.error("WRITE_FAILED", "could not write the marker " + path + ": " + failure.get());
                return 1;
            }
            if (output.json()) {
                output.document(JsonTrees.object().put("path", path.toString()).put("targetPid", target));
            } else {
                output.out().println("wrote " + path + " naming PID " + target);
                output.out().flush();
            }
            return 0;
        }
    }
}
