package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.Check;
import dev.hostwarden.core.JsonTrees;
import dev.hostwarden.core.LockProbe;
import dev.hostwarden.core.Reason;
import dev.hostwarden.core.RecordCodec;
import dev.hostwarden.core.RendezvousDir;
import dev.hostwarden.core.RetractResult;
import dev.hostwarden.core.RoleReport;
import java.nio.file.Path;
import java.util.List;

/** The JSON documents of the command-line contract. Wire shapes live here, apart from the core's types. */
public final class ReportJson {
    private ReportJson() {
    }

    public static ObjectNode status(RendezvousDir dir, List<RoleReport> reports) {
        ObjectNode root = JsonTrees.object();
        root.put("lockDir", dir.path().toString());
        root.put("lockDirSource", dir.source().name());
        ArrayNode roles = root.putArray("roles");
        reports.forEach(report -> roles.add(role(report)));
        return root;
    }

    public static ObjectNode role(RoleReport report) {
        ObjectNode node = JsonTrees.object();
        node.put("role", report.role().wireName());
        node.put("verdict", report.verdict().name());
        var record = report.record().recordOrNull();
        if (record == null) {
            node.putNull("record");
        } else {
            node.set("record", RecordCodec.toNode(record));
        }
        node.set("lock", lock(report.lock()));
        ObjectNode liveness = node.putObject("liveness");
        liveness.put("incarnation", report.liveness().incarnation().name());
        liveness.put("proven", report.liveness().proven());
        liveness.put("stale", report.liveness().stale());
        ArrayNode reasons = node.putArray("reasons");
        for (Reason reason : report.reasons()) {
            reasons.addObject().put("code", reason.code().name()).put("message", reason.message());
        }
        ArrayNode checks = node.putArray("checks");
        for (Check check : report.checks()) {
            checks.addObject().put("name", check.name()).put("result", check.result().name()).put("evidence", check.evidence());
        }
        node.put("retractable", report.retractable());
        return node;
    }

    private static ObjectNode lock(LockProbe probe) {
        ObjectNode lock = JsonTrees.object();
        lock.put("path", probe.path().toString());
        lock.put("state", probe.state().name());
        if (probe.holderPid() == null) {
            lock.putNull("holderPid");
        } else {
            lock.put("holderPid", probe.holderPid());
        }
        lock.put("ownedByThisProcess", probe.ownedByThisProcess());
        return lock;
    }

    public static ObjectNode retract(RetractResult result) {
        ObjectNode node = JsonTrees.object();
        node.put("role", result.role().wireName());
        ArrayNode removed = node.putArray("removed");
        for (Path path : result.removed()) {
            removed.add(path.toString());
        }
        node.put("dryRun", result.dryRun());
        if (result.refused() == null) {
            node.putNull("refused");
        } else {
            node.putObject("refused").put("code", result.refused().code()).put("message", result.refused().message());
        }
        return node;
    }
}
