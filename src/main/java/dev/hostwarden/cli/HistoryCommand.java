package dev.hostwarden.cli;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.history.HistoryRead;
import dev.hostwarden.history.SinceDuration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "history", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class,
        description = "Show the recorded ownership events, oldest first (read-only).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:shown (also when nothing is recorded)", "2:usage error"})
final class HistoryCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Parameters(paramLabel = "ROLE", arity = "0..1", converter = RoleConverter.class, description = "Only this role: gateway, serve or desktop-serve.")
    Role role;

    @Option(names = "--since", paramLabel = "DURATION", description = "Only events of the last DURATION, such as 90s, 30m, 24h or 7d (default: all).")
    String since;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Duration lookBack = null;
        if (since != null) {
            lookBack = SinceDuration.parse(since);
            if (lookBack == null) {
                throw new CommandLine.ParameterException(spec.commandLine(),
                        "--since: '" + since + "' is not a duration such as 90s, 30m, 24h or 7d");
            }
        }
        Output output = HostwardenCommand.output(spec, common);
        HistoryLog log = HistoryLog.forUser(Environment.system());
        // One user's history holds every rendezvous directory's events: the one asked about only.
        Path lockDir = common.rendezvous().dir().path().toAbsolutePath().normalize();
        HistoryRead read = log.read();
        Instant from = lookBack == null ? Instant.MIN : Instant.now().minus(lookBack);
        List<HistoryEvent> shown = read.events().stream()
                .filter(event -> event.concerns(lockDir))
                .filter(event -> role == null || event.role() == role)
                .filter(event -> !event.at().isBefore(from))
                .toList();
        if (output.json()) {
            output.document(writer -> {
                writer.writeStartObject();
                writer.writeStringField("file", log.file().toString());
                writer.writeStringField("lockDir", lockDir.toString());
                writer.writeArrayFieldStart("events");
                for (HistoryEvent event : shown) {
                    event.writeTo(writer);
                }
                writer.writeEndArray();
                writer.writeArrayFieldStart("skipped");
                for (String line : read.skipped()) {
                    writer.writeString(line);
                }
                writer.writeEndArray();
                writer.writeEndObject();
            });
        } else {
            PrintWriter out = output.out();
            if (shown.isEmpty()) {
                out.println("no ownership events" + (role == null ? "" : " for " + role) + (since == null ? "" : " in the last " + since)
                        + " (" + log.file() + ")");
            }
            shown.forEach(event -> out.println(line(event)));
            out.flush();
        }
        for (String corrupt : read.skipped()) {
            output.err().println("hostwarden: history: skipped an unreadable line: " + corrupt);
        }
        output.err().flush();
        return 0;
    }

    /** One event as a person reads it: time, role, what happened, and the details known. */
    static String line(HistoryEvent event) {
        StringBuilder text = new StringBuilder();
        text.append(event.at().truncatedTo(ChronoUnit.SECONDS)).append("  ").append(event.role()).append("  ")
                .append(event.type().wireName().replace('_', ' '));
        if (event.pid() != null) {
            text.append(" PID ").append(event.pid());
        }
        if (event.previousPid() != null) {
            text.append(" (replacing PID ").append(event.previousPid()).append(')');
        }
        if (event.exitCode() != null) {
            text.append(", exit code ").append(event.exitCode());
        }
        if (event.reason() != null) {
            text.append(", reason ").append(event.reason());
        }
        if (event.byPid() != null) {
            text.append(", by PID ").append(event.byPid());
            if (event.byCommand() != null) {
                text.append(" (").append(event.byCommand()).append(')');
            }
        }
        if (event.attempt() != null) {
            text.append(event.type() == EventType.GAVE_UP ? ", after " + event.attempt() + " failed starts" : ", attempt " + event.attempt());
        }
        if (event.detail() != null) {
            text.append(", ").append(event.detail());
        }
        if (event.profiles() != null && !event.profiles().isEmpty()) {
            text.append(", profiles ").append(String.join(",", event.profiles()));
        }
        if (event.home() != null) {
            text.append(", home ").append(event.home());
        }
        return text.toString();
    }
}
