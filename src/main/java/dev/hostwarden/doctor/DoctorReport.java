package dev.hostwarden.doctor;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import java.util.List;

/** Every check's finding; exit 0 when all are OK, else 1. */
public record DoctorReport(List<Finding> findings) {
    public DoctorReport {
        findings = List.copyOf(findings);
    }

    public boolean allOk() {
        return findings.stream().allMatch(finding -> finding.result() == Finding.Result.OK);
    }

    public int exitCode() {
        return allOk() ? 0 : 1;
    }

    public ObjectNode toJson() {
        ObjectNode document = JsonTrees.object();
        document.put("ok", allOk());
        ArrayNode checks = document.putArray("checks");
        findings.forEach(finding -> checks.add(finding.toJson()));
        return document;
    }
}
