package dev.hostwarden.report;

import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.proof.Check;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.RendezvousDir;
import java.nio.file.Path;
import java.util.List;

/**
 * The JSON documents of the command-line contract. Wire shapes live here, apart from the core's
 * types, and are streamed straight to the writer: {@code status} is polled in fresh JVMs.
 */
public final class ReportJson {
    private ReportJson() {
    }

    /** More fields for a role's object (the fleet section), written before it closes. */
    public interface RoleExtra {
        void write(JsonWriter writer, RoleReport report);
    }

    public static JsonStreams.Document status(RendezvousDir dir, List<RoleReport> reports) {
        return status(dir, reports, null);
    }

    public static JsonStreams.Document status(RendezvousDir dir, List<RoleReport> reports, RoleExtra extra) {
        // An anonymous class, not a lambda: linking a lambda costs status's fresh JVM (see HostRendezvous).
        return new JsonStreams.Document() {
            @Override
            public void writeTo(JsonWriter writer) {
                writer.writeStartObject();
                writer.writeStringField("lockDir", dir.path().toString());
                writer.writeStringField("lockDirSource", dir.source().name());
                writer.writeArrayFieldStart("roles");
                for (RoleReport report : reports) {
                    role(writer, report, extra);
                }
                writer.writeEndArray();
                writer.writeEndObject();
            }
        };
    }

    private static void role(JsonWriter writer, RoleReport report, RoleExtra extra) {
        writer.writeStartObject();
        writer.writeStringField("role", report.role().wireName());
        writer.writeStringField("verdict", report.verdict().name());
        var record = report.record().recordOrNull();
        writer.writeFieldName("record");
        if (record == null) {
            writer.writeNull();
        } else {
            RecordCodec.write(writer, record);
        }
        lock(writer, report.lock());
        writer.writeObjectFieldStart("liveness");
        writer.writeStringField("incarnation", report.liveness().incarnation().name());
        writer.writeBooleanField("proven", report.liveness().proven());
        writer.writeBooleanField("stale", report.liveness().stale());
        writer.writeEndObject();
        writer.writeArrayFieldStart("reasons");
        for (Reason reason : report.reasons()) {
            writer.writeStartObject();
            writer.writeStringField("code", reason.code().name());
            writer.writeStringField("message", reason.message());
            writer.writeEndObject();
        }
        writer.writeEndArray();
        writer.writeArrayFieldStart("checks");
        for (Check check : report.checks()) {
            writer.writeStartObject();
            writer.writeStringField("name", check.name());
            writer.writeStringField("result", check.result().name());
            writer.writeStringField("evidence", check.evidence());
            writer.writeEndObject();
        }
        writer.writeEndArray();
        writer.writeBooleanField("retractable", report.retractable());
        if (extra != null) {
            extra.write(writer, report);
        }
        writer.writeEndObject();
    }

    private static void lock(JsonWriter writer, LockProbe probe) {
        writer.writeObjectFieldStart("lock");
        writer.writeStringField("path", probe.path().toString());
        writer.writeStringField("state", probe.state().name());
        writer.writeFieldName("holderPid");
        if (probe.holderPid() == null) {
            writer.writeNull();
        } else {
            writer.writeNumber(probe.holderPid());
        }
        writer.writeBooleanField("ownedByThisProcess", probe.ownedByThisProcess());
        writer.writeEndObject();
    }

    public static JsonStreams.Document retract(RetractResult result) {
        return writer -> {
            writer.writeStartObject();
            writer.writeStringField("role", result.role().wireName());
            writer.writeArrayFieldStart("removed");
            for (Path path : result.removed()) {
                writer.writeString(path.toString());
            }
            writer.writeEndArray();
            writer.writeBooleanField("dryRun", result.dryRun());
            writer.writeFieldName("refused");
            if (result.refused() == null) {
                writer.writeNull();
            } else {
                writer.writeStartObject();
                writer.writeStringField("code", result.refused().code());
                writer.writeStringField("message", result.refused().message());
                writer.writeEndObject();
            }
            writer.writeStringField("outcome", outcome(result));
            writer.writeEndObject();
        };
    }

    /** The contract's word for what happened, so "nothing to retract" is a field and not an absence. */
    static String outcome(RetractResult result) {
        return result.outcome() == RetractResult.Outcome.REMOVED && result.dryRun() ? "WOULD_REMOVE" : result.outcome().name();
    }
}
