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
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The JSON documents of the command-line contract. Wire shapes live here, apart from the core's
 * types, and are streamed straight to the generator: {@code status} is polled in fresh JVMs.
 */
public final class ReportJson {
    private ReportJson() {
    }

    /** More fields for a role's object (the fleet section), written before it closes. */
    public interface RoleExtra {
        void write(JsonWriter generator, RoleReport report) throws IOException;
    }

    public static JsonStreams.Document status(RendezvousDir dir, List<RoleReport> reports) {
        return status(dir, reports, null);
    }

    public static JsonStreams.Document status(RendezvousDir dir, List<RoleReport> reports, RoleExtra extra) {
        // An anonymous class, not a lambda: linking a lambda costs status's fresh JVM (see HostRendezvous).
        return new JsonStreams.Document() {
            @Override
            public void writeTo(JsonWriter generator) throws IOException {
                generator.writeStartObject();
                generator.writeStringField("lockDir", dir.path().toString());
                generator.writeStringField("lockDirSource", dir.source().name());
                generator.writeArrayFieldStart("roles");
                for (RoleReport report : reports) {
                    role(generator, report, extra);
                }
                generator.writeEndArray();
                generator.writeEndObject();
            }
        };
    }

    private static void role(JsonWriter generator, RoleReport report, RoleExtra extra) throws IOException {
        generator.writeStartObject();
        generator.writeStringField("role", report.role().wireName());
        generator.writeStringField("verdict", report.verdict().name());
        var record = report.record().recordOrNull();
        generator.writeFieldName("record");
        if (record == null) {
            generator.writeNull();
        } else {
            RecordCodec.write(generator, record);
        }
        lock(generator, report.lock());
        generator.writeObjectFieldStart("liveness");
        generator.writeStringField("incarnation", report.liveness().incarnation().name());
        generator.writeBooleanField("proven", report.liveness().proven());
        generator.writeBooleanField("stale", report.liveness().stale());
        generator.writeEndObject();
        generator.writeArrayFieldStart("reasons");
        for (Reason reason : report.reasons()) {
            generator.writeStartObject();
            generator.writeStringField("code", reason.code().name());
            generator.writeStringField("message", reason.message());
            generator.writeEndObject();
        }
        generator.writeEndArray();
        generator.writeArrayFieldStart("checks");
        for (Check check : report.checks()) {
            generator.writeStartObject();
            generator.writeStringField("name", check.name());
            generator.writeStringField("result", check.result().name());
            generator.writeStringField("evidence", check.evidence());
            generator.writeEndObject();
        }
        generator.writeEndArray();
        generator.writeBooleanField("retractable", report.retractable());
        if (extra != null) {
            extra.write(generator, report);
        }
        generator.writeEndObject();
    }

    private static void lock(JsonWriter generator, LockProbe probe) throws IOException {
        generator.writeObjectFieldStart("lock");
        generator.writeStringField("path", probe.path().toString());
        generator.writeStringField("state", probe.state().name());
        generator.writeFieldName("holderPid");
        if (probe.holderPid() == null) {
            generator.writeNull();
        } else {
            generator.writeNumber(probe.holderPid());
        }
        generator.writeBooleanField("ownedByThisProcess", probe.ownedByThisProcess());
        generator.writeEndObject();
    }

    public static JsonStreams.Document retract(RetractResult result) {
        return generator -> {
            generator.writeStartObject();
            generator.writeStringField("role", result.role().wireName());
            generator.writeArrayFieldStart("removed");
            for (Path path : result.removed()) {
                generator.writeString(path.toString());
            }
            generator.writeEndArray();
            generator.writeBooleanField("dryRun", result.dryRun());
            generator.writeFieldName("refused");
            if (result.refused() == null) {
                generator.writeNull();
            } else {
                generator.writeStartObject();
                generator.writeStringField("code", result.refused().code());
                generator.writeStringField("message", result.refused().message());
                generator.writeEndObject();
            }
            generator.writeStringField("outcome", outcome(result));
            generator.writeEndObject();
        };
    }

    /** The contract's word for what happened, so "nothing to retract" is a field and not an absence. */
    static String outcome(RetractResult result) {
        return result.outcome() == RetractResult.Outcome.REMOVED && result.dryRun() ? "WOULD_REMOVE" : result.outcome().name();
    }
}
