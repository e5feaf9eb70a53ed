package dev.hostwarden.report;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.proof.Check;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.stream.Collectors;

/** Human-readable renderings of reports: one block per role for status, the ordered proof for explain. */
public final class ReportText {
    private ReportText() {
    }

    /**
     * {@code dir} is where the report was made: a fix hint names it again when an option chose it.
     * Written without {@code printf}: {@code status} runs in a fresh JVM each time, and
     * {@code java.util.Formatter} (with the locale data {@code %d} looks up) cost it more than the
     * report itself. The bytes are printf's: {@link #padded} is {@code %-Ns}, {@link #decimal} is {@code %d}.
     */
    public static void status(PrintWriter out, RendezvousDir dir, RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        out.println(padded(String.valueOf(report.role()), 14) + " " + padded(String.valueOf(report.verdict()), 11) + " "
                + (record == null ? "-" : record.describe()));
        out.println("  lock    " + lock(report.lock()));
        if (record != null) {
            out.println("  owner   PID " + decimal(record.pid()) + ", started "
                    + (record.startTime() == null ? "?" : record.startTime() + " ticks")
                    + ", boot " + (record.bootEpoch().isEmpty() ? "(legacy)" : record.bootEpoch()) + ", updated " + record.updatedAt());
        }
        for (Reason reason : report.reasons()) {
            out.println("  reason  " + reason.code() + ": " + reason.message());
        }
        if (report.retractable()) {
            out.println("  fix     " + CommandHint.of(dir, "retract " + report.role()));
        } else if (report.manualFix() != null) {
            out.println("  fix     " + report.manualFix());
        }
    }

    /** {@code printf("%-Ns", text)}: the text, then spaces up to {@code width} characters. */
    static String padded(String text, int width) {
        return text.length() >= width ? text : text + " ".repeat(width - text.length());
    }

    /**
     * {@code printf("%d", value)} in the default format locale: plain ASCII digits in the locales
     * {@link PlainDigits} knows to write them, else the Formatter itself (a locale may write its own digits).
     */
    static String decimal(long value) {
        return PlainDigits.inDefaultLocale() ? Long.toString(value) : String.format("%d", value);
    }

    public static void explain(PrintWriter out, RoleReport report) {
        out.printf("%s: %s%n", report.role(), report.verdict());
        out.println("Proof, in order:");
        int step = 1;
        for (Check check : report.checks()) {
            out.printf("  %2d. %-18s %-10s %s%n", step++, check.name(), check.result(), check.evidence());
        }
        out.println("Reasons:");
        for (Reason reason : report.reasons()) {
            out.printf("  %-24s %s%n", reason.code(), reason.message());
        }
        out.println("What would happen now:");
        out.printf("  retract:     %s%n", report.retractable()
                ? "would remove " + report.retractPaths().stream().map(Path::toString).collect(Collectors.joining(", "))
                : retractRefusal(report));
        out.printf("  a new owner: %s%n", newOwner(report));
    }

    private static String retractRefusal(RoleReport report) {
        if (report.manualFix() != null) {
            return "would refuse: " + report.manualFix();
        }
        if (report.verdict() == Verdict.UNUSABLE) {
            return "cannot run: the lock directory is unusable";
        }
        if (report.lock().heldOrUnknown()) {
            return "would refuse: the host lock is held" + holder(report.lock()) + ", the owner may be alive";
        }
        if (report.verdict() == Verdict.UNPROVABLE) {
            // The lock path is free, but the recorded owner holds the lock of a deleted lock file.
            return "would refuse: the recorded owner may be alive (see the reasons)";
        }
        return "nothing to remove";
    }

    private static String newOwner(RoleReport report) {
        return switch (report.verdict()) {
            case UNUSABLE -> "could not open the lock (not another owner: the directory is unusable)";
            case LIVE, STARTING, UNPROVABLE -> report.lock().state() == LockState.HELD
                    ? "would be refused (exit 75): the host lock is held" + holder(report.lock())
                    : report.liveness().proven() && report.record().recordOrNull() != null
                    // The recorded owner still holds the lock of a deleted lock file: run refuses to start beside it.
                    ? "would be refused (exit 75): PID " + report.record().recordOrNull().pid() + " still holds the host lock of a deleted lock file"
                    : "would take the host lock and start";
            default -> report.lock().state() == LockState.HELD
                    ? "would be refused (exit 75) until the lock holder" + holder(report.lock()) + " exits"
                    : "would take the host lock, start, and overwrite the leftover record";
        };
    }

    private static String lock(LockProbe lock) {
        return switch (lock.state()) {
            case HELD -> "HELD" + holder(lock) + "  " + lock.path();
            case FREE -> "FREE  " + lock.path();
            case ABSENT -> "ABSENT  " + lock.path();
            default -> "UNKNOWN (" + lock.detail() + ")  " + lock.path();
        };
    }

    private static String holder(LockProbe lock) {
        if (lock.ownedByThisProcess()) {
            return " by this process";
        }
        return lock.holderPid() == null ? "" : " by PID " + lock.holderPid();
    }
}
