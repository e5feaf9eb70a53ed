package dev.hostwarden.diagnostics;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.ReportJson;
import dev.hostwarden.report.ReportText;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/**
 * The whole bundle, as {@code hostwarden diagnose} and the panel's "Save diagnostics…" both write
 * it: the collector's entries plus {@code status.json} and every role's {@code explain}, rendered by
 * the same printers as the commands (plain classes, no picocli), so the zip is the same from both.
 */
public final class DiagnosticsAssembly {
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'");

    private DiagnosticsAssembly() {
    }

    public static DiagnosticsBundle assemble(HostRendezvous rendezvous, Environment environment, Path hermesHome,
                                             boolean includeLogs) {
        DiagnosticsBundle bundle = new DiagnosticsCollector(rendezvous, environment, hermesHome).collect(includeLogs);
        List<RoleReport> reports = new ArrayList<>();
        RoleInspector inspector = new RoleInspector(rendezvous, true);
        for (Role role : Role.values()) {
            RoleReport report = inspector.inspect(role);
            reports.add(report);
            StringWriter explain = new StringWriter();
            ReportText.explain(new PrintWriter(explain), report);
            bundle.add("explain-" + role.wireName() + ".txt", explain.toString());
        }
        bundle.add("status.json", JsonStreams.pretty(ReportJson.status(rendezvous.dir(), reports)));
        return bundle;
    }

    /** {@code hostwarden-diagnostics-<UTC time>.zip}, the name both the command and the panel offer. */
    public static String defaultFileName(Clock clock) {
        return "hostwarden-diagnostics-" + STAMP.format(clock.instant().atZone(ZoneOffset.UTC)) + ".zip";
    }
}
