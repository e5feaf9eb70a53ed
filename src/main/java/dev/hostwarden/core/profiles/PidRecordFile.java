package dev.hostwarden.core.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.record.RecordCodec;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A file in a home that names a gateway process with hermes' PID record fields ({@code gateway.pid},
 * the content of {@code gateway.lock}, {@code gateway_state.json}). Read without following links and
 * only when it is a regular file, so a FIFO is never opened.
 */
sealed interface PidRecordFile {
    record Absent() implements PidRecordFile {
    }

    /** There, but not a record naming a process. */
    record Unusable(String why) implements PidRecordFile {
    }

    /** A JSON object with a positive {@code pid}; {@code startTime} is its {@code start_time} or null. */
    record Found(long pid, Long startTime, ObjectNode raw) implements PidRecordFile {
    }

    static PidRecordFile read(Path path) {
        Optional<byte[]> bytes;
        try {
            PrivateFiles.Kind kind = PrivateFiles.kindOf(path);
            if (kind == PrivateFiles.Kind.ABSENT) {
                return new Absent();
            }
            if (kind != PrivateFiles.Kind.REGULAR) {
                return new Unusable(kind == PrivateFiles.Kind.SYMLINK ? "is a symbolic link (not followed)" : "is not a regular file (not opened)");
            }
            bytes = PrivateFiles.readSmall(path);
        } catch (IOException unreadable) {
            return new Unusable("cannot be read: " + IoMessages.describe(unreadable));
        }
        if (bytes.isEmpty()) {
            return new Absent();
        }
        if (bytes.get().length == 0) {
            return new Unusable("is empty");
        }
        ObjectNode node;
        try {
            node = RecordCodec.parseObject(bytes.get());
        } catch (RecordCodec.CorruptRecordException notJson) {
            return new Unusable("is not JSON: " + notJson.getMessage());
        }
        JsonNode pid = node.get("pid");
        if (pid == null || !pid.isIntegralNumber() || !pid.canConvertToLong() || pid.longValue() <= 0) {
            return new Unusable(pid == null ? "names no pid" : "has a pid that is not a positive integer: " + pid);
        }
        JsonNode start = node.get("start_time");
        Long startTime = start != null && start.isIntegralNumber() && start.canConvertToLong() ? start.longValue() : null;
        return new Found(pid.longValue(), startTime, node);
    }
}
