package dev.hostwarden.doctor;

import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Whether this process runs in a PID namespace of its own (a container): owners outside it are
 * invisible here, their PIDs mean other processes, and verdicts about them may be wrong.
 */
final class PidNamespaceCheck implements DoctorCheck {
    static final String NAME = "pidNamespace";
    private static final List<String> CONTAINER_MARKERS = List.of("/.dockerenv", "/run/.containerenv");

    @Override
    public Finding run(DoctorContext context) {
        if (!Platform.current().hasProcFs()) {
            return Finding.ok(NAME, "not Linux: no PID namespaces");
        }
        List<String> signs = new ArrayList<>();
        String nspid = nspid(Path.of("/proc/self/status"));
        if (nspid != null && nspid.split("\\s+").length > 1) {
            signs.add("/proc/self/status NSpid is '" + nspid + "' (a PID in each of several namespaces)");
        }
        for (String marker : CONTAINER_MARKERS) {
            if (Files.exists(Path.of(marker))) {
                signs.add(marker + " exists");
            }
        }
        context.environment().get("container").ifPresent(value -> signs.add("the environment says container=" + value));
        if (signs.isEmpty()) {
            return Finding.ok(NAME, nspid == null ? "no NSpid line and no container marker" : "NSpid " + nspid + ": the host's PID namespace");
        }
        return Finding.warn(NAME, "probably inside a container: " + String.join("; ", signs)
                + "; owners outside it are invisible from here", "run hostwarden where the owners run (the same container or the host)");
    }

    private static String nspid(Path status) {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith("NSpid:")) {
                    return line.substring("NSpid:".length()).strip();
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
        return null;
    }
}
