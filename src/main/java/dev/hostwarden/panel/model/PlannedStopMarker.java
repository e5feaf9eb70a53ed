package dev.hostwarden.panel.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.PrivateFiles;
import dev.hostwarden.core.RecordCodec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/**
 * The panel's read-only view of a home's planned-stop marker ({@code <home>/.gateway-planned-stop.json}):
 * who is asked to stop, by whom, and when. Reading never writes and never throws.
 *
 * @param targetStartTime the target's start fingerprint, or null
 * @param writtenAt       null when missing or unparsable (then the age is unknown)
 */
public record PlannedStopMarker(long targetPid, Long targetStartTime, Long stopperPid, Instant writtenAt, String rawWrittenAt) {
    public static final String FILE_NAME = ".gateway-planned-stop.json";
    public static final Duration TTL = Duration.ofSeconds(60);

    /** What reading a home's marker found: {@code marker} or {@code problem}, or neither when absent. */
    public record Read(PlannedStopMarker marker, String problem) {
        public static Read absent() {
            return new Read(null, null);
        }

        public boolean present() {
            return marker != null;
        }
    }

    public static Path pathFor(Path home) {
        return home.resolve(FILE_NAME);
    }

    public static Read read(Path home) {
        try {
            Optional<byte[]> bytes = PrivateFiles.readSmall(pathFor(home));
            if (bytes.isEmpty()) {
                return Read.absent();
            }
            return parse(RecordCodec.parseObject(bytes.get()));
        } catch (RecordCodec.CorruptRecordException corrupt) {
            return new Read(null, "unusable marker: " + corrupt.getMessage());
        } catch (IOException unreadable) {
            return new Read(null, "the marker cannot be read: " + unreadable.getMessage());
        }
    }

    static Read parse(ObjectNode node) {
        JsonNode target = node.get("target_pid");
        if (target == null || !target.isIntegralNumber() || target.longValue() <= 0) {
            return new Read(null, "unusable marker: \"target_pid\" is " + (target == null ? "missing" : "invalid (" + target + ")"));
        }
        String written = node.path("written_at").isTextual() ? node.get("written_at").textValue() : "";
        Instant at = null;
        try {
            at = written.isEmpty() ? null : OffsetDateTime.parse(written).toInstant();
        } catch (DateTimeParseException unparsable) {
            // Age unknown; shown raw.
        }
        return new Read(new PlannedStopMarker(target.longValue(), optionalLong(node.get("target_start_time")),
                optionalLong(node.get("stopper_pid")), at, written), null);
    }

    private static Long optionalLong(JsonNode node) {
        return node != null && node.isIntegralNumber() ? node.longValue() : null;
    }

    /** Age at {@code now}, or null when the write time is unknown. */
    public Duration ageAt(Instant now) {
        return writtenAt == null ? null : Duration.between(writtenAt, now);
    }

    /** True once older than the TTL (an undated marker counts as expired: the gateway ignores it). */
    public boolean expiredAt(Instant now) {
        Duration age = ageAt(now);
        return age == null || age.compareTo(TTL) > 0;
    }
}
