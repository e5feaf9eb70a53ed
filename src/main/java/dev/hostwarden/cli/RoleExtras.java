package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.health.Health;
import dev.hostwarden.health.HealthJudge;
import dev.hostwarden.health.PlatformState;
import dev.hostwarden.report.KnownSecrets;
import dev.hostwarden.report.Redactor;
import dev.hostwarden.supervise.SupervisionRecord;
import dev.hostwarden.supervise.SupervisorSlot;
import dev.hostwarden.supervise.SupervisorState;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What {@code status} and {@code explain} add to the core's report of a role: who keeps it running and
 * what that supervisor does ({@code supervision}; the reason SUPERVISION_GAVE_UP), and for the gateway
 * its health beyond the PID, from its runtime status file judged against the live owner
 * ({@code health}; reasons such as PLATFORM_NEEDS_ATTENTION). Read-only. The verdict stays about
 * ownership. Platform messages may quote a token: they are redacted as {@code diagnose} redacts.
 */
final class RoleExtras {
    private final Optional<SupervisionRecord> supervision;
    private final Optional<Health> health;
    private final Redactor redactor;

    private RoleExtras(Optional<SupervisionRecord> supervision, Optional<Health> health, Redactor redactor) {
        this.supervision = supervision;
        this.health = health;
        this.redactor = redactor;
    }

    /** The extras of {@code report}'s role in {@code rendezvous}. */
    static RoleExtras of(HostRendezvous rendezvous, RoleReport report) {
        Environment env = Environment.system();
        Optional<SupervisionRecord> supervisor = SupervisorSlot.of(env.stateHome(), report.role(), rendezvous.dir().path()).holder();
        Path hermesRoot = HermesHome.resolve(env);
        Redactor redactor = Redactor.deferred(new SecretsOfTheHost(rendezvous, env, hermesRoot));
        Optional<Health> health = new HealthJudge(rendezvous.inspector(), redactor).judge(report, hermesRoot);
        return new RoleExtras(supervisor, health, redactor);
    }

    /** The redactor's secrets, collected at its first use; a class rather than a lambda, which a fresh JVM links slowly. */
    private record SecretsOfTheHost(HostRendezvous rendezvous, Environment env, Path hermesRoot) implements Supplier<Redactor> {
        @Override
        public Redactor get() {
            return KnownSecrets.redactor(rendezvous, env, hermesRoot);
        }
    }

    Optional<SupervisionRecord> supervision() {
        return supervision;
    }

    /** The report with the reasons these extras add after its own. */
    RoleReport withReasons(RoleReport report) {
        List<Reason> more = new ArrayList<>();
        if (supervision.isPresent() && supervision.get().state() == SupervisorState.GAVE_UP) {
            SupervisionRecord gaveUp = supervision.get();
            more.add(new Reason(ReasonCode.SUPERVISION_GAVE_UP, "The supervisor PID " + gaveUp.pid() + " (" + gaveUp.by() + ") " + gaveUp.note()));
        }
        if (health.isPresent()) {
            more.addAll(health.get().reasons());
        }
        return report.withReasons(more);
    }

    /** {@code "supervision": {…} | null, "health": {…} | null}. */
    void write(JsonWriter writer) {
        writer.writeFieldName("supervision");
        if (supervision.isEmpty()) {
            writer.writeNull();
        } else {
            supervision.get().write(writer);
        }
        writer.writeFieldName("health");
        if (health.isEmpty()) {
            writer.writeNull();
            return;
        }
        Health judged = health.get();
        writer.writeStartObject();
        writer.writeStringField("file", judged.file().toString());
        writer.writeBooleanField("current", judged.current());
        writer.writeNumberFieldOrNull("writerPid", judged.writerPid());
        writer.writeStringField("gatewayState", judged.gatewayState());
        writer.writeStringField("exitReason", judged.exitReason() == null ? null : redactor.redact(judged.exitReason()));
        writer.writeStringField("desiredState", judged.desiredState());
        writer.writeStringField("updatedAt", judged.updatedAt());
        writer.writeArrayFieldStart("platforms");
        for (PlatformState platform : judged.platforms()) {
            writer.writeStartObject();
            writer.writeStringField("name", platform.name());
            writer.writeStringField("profile", platform.profile());
            writer.writeStringField("state", platform.state());
            writer.writeStringField("errorCode", platform.errorCode());
            writer.writeStringField("errorMessage", platform.errorMessage() == null ? null : redactor.redact(platform.errorMessage()));
            writer.writeBooleanField("needsAttention", platform.needsAttention());
            writer.writeStringField("since", platform.since());
            writer.writeEndObject();
        }
        writer.writeEndArray();
        writer.writeEndObject();
    }

    /** The text lines after a role's own: who keeps it running, the gateway's health and one line per platform. */
    void print(PrintWriter out) {
        // Neither a lambda nor printf: status runs in a fresh JVM, where the first of each costs more than the line.
        if (supervision.isPresent()) {
            out.print("  kept    ");
            out.println(supervision.get().describe().substring("kept ".length()));
        }
        printHealth(out);
    }

    /** status's lines: {@code health} in the label column, each platform indented beneath it. */
    void printHealth(PrintWriter out) {
        printHealth(out, "  health  ", "          ");
    }

    /** explain's section: a {@code Health:} heading, the file's standing and one line per platform. */
    void printHealthSection(PrintWriter out) {
        if (health.isPresent()) {
            out.println("Health (the verdict stays about ownership):");
            printHealth(out, "  ", "  ");
        }
    }

    private void printHealth(PrintWriter out, String first, String platformIndent) {
        if (health.isEmpty()) {
            return;
        }
        // Loops and println, not streams and printf: status prints this from a fresh JVM.
        Health judged = health.get();
        String who = judged.current() ? "current (written by the live owner PID " + judged.writerPid() + ")"
                : "retained from PID " + judged.writerPid() + " (not the live owner: history, not present health)";
        for (Reason reason : judged.reasons()) {
            if (reason.code() == ReasonCode.GATEWAY_STATE_UNREADABLE) {
                who = "unreadable";
            }
        }
        out.println(first + who + (judged.gatewayState() == null ? "" : ": " + judged.gatewayState())
                + (judged.desiredState() == null ? "" : " (desired: " + judged.desiredState() + ")"));
        for (PlatformState platform : judged.platforms()) {
            out.println(platformIndent + platform.describe() + ": "
                    + (platform.needsAttention() ? "needs attention" : String.valueOf(platform.state()))
                    + (platform.errorCode() == null ? "" : ", " + platform.errorCode()
                            + (platform.errorMessage() == null ? "" : " (" + redactor.redact(platform.errorMessage()) + ")"))
                    + (platform.since() == null ? "" : " · since " + platform.since()));
        }
    }
}
