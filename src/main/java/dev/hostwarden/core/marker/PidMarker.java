package dev.hostwarden.core.marker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RecordCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Optional;

/**
 * A PID marker in a hermes home ({@code .gateway-planned-stop.json}, {@code .gateway-takeover.json}):
 * a stopper names the process it asks to end, with that process's start fingerprint, so the target
 * can tell an intended stop from an unexpected signal and a new instance never obeys a marker meant
 * for its predecessor. hermes' {@code _read_live_pid_marker} / {@code _pid_marker_names_self}.
 */
public final class PidMarker {
    /** hermes' {@code _PLANNED_STOP_MARKER_TTL_S}, shared by the takeover marker. */
    public static final Duration TTL = Duration.ofSeconds(60);

    private final Path path;
    private final String writerKey;

    PidMarker(Path path, String writerKey) {
        this.path = path;
        this.writerKey = writerKey;
    }

    public Path path() {
        return path;
    }

    /**
     * A parsed marker.
     *
     * @param targetStartTime the target's start fingerprint as the writer measured it, or null
     * @param writerPid       {@code stopper_pid} / {@code replacer_pid}, or null when absent
     * @param writtenAt       the raw {@code written_at}, "" when absent
     * @param age             now minus {@code written_at}; null when it cannot be parsed (then expired)
     */
    public record Contents(long targetPid, Long targetStartTime, Long writerPid, String writtenAt, Duration age, ObjectNode raw) {
        public boolean expired() {
            return age == null || age.compareTo(TTL) > 0;
        }

        /** A text field of the raw marker, or null (the takeover marker's home fields). */
        public String text(String key) {
            JsonNode node = raw.get(key);
            return node != null && node.isTextual() && !node.textValue().isEmpty() ? node.textValue() : null;
        }
    }

    /** What is at the marker path. */
    public sealed interface Read permits Missing, Unusable, InvalidTarget, Found {
    }

    /** No file. */
    public record Missing() implements Read {
    }

    /** A file that is not a JSON object (or cannot be read); {@code age} is by modification time, or null. */
    public record Unusable(String why, Duration age) implements Read {
    }

    /** A JSON object whose {@code target_pid} is missing or not a positive integer. */
    public record InvalidTarget(String why) implements Read {
    }

    /** A well-formed marker, live or expired. */
    public record Found(Contents contents) implements Read {
    }

    /** Reads the marker without changing anything. */
    public Read peek() {
        Optional<byte[]> bytes;
        try {
            // readSmall looks before it opens: a FIFO, socket or device is refused, never opened.
            bytes = PrivateFiles.readSmall(path);
        } catch (PrivateFiles.NotRegularFileException notAFile) {
            return new Unusable("it is " + notAFile.type() + ", not a regular file, and is never opened", mtimeAge());
        } catch (IOException unreadable) {
            return new Unusable("cannot be read: " + IoMessages.describe(unreadable), mtimeAge());
        }
        if (bytes.isEmpty()) {
            return new Missing();
        }
        ObjectNode node;
        try {
            node = RecordCodec.parseObject(bytes.get());
        } catch (RecordCodec.CorruptRecordException corrupt) {
            return new Unusable(corrupt.getMessage(), mtimeAge());
        }
        Long target = positiveLong(node.get("target_pid"));
        if (target == null) {
            return new InvalidTarget("target_pid is " + (node.has("target_pid") ? "not a positive integer: " + node.get("target_pid") : "missing"));
        }
        JsonNode writtenAt = node.get("written_at");
        String written = writtenAt != null && writtenAt.isTextual() ? writtenAt.textValue() : "";
        Instant at = parseInstant(written);
        Duration age = at == null ? null : Duration.between(at, Instant.now());
        return new Found(new Contents(target, integral(node.get("target_start_time")), positiveLong(node.get(writerKey)),
                written, age, node));
    }

    /**
     * Reads the marker and cleans what can never be obeyed: an expired marker or one without a valid
     * target is deleted; an unparseable file only once its modification time is past the TTL (never
     * racing a writer). Returns the live contents, or empty.
     */
    public Optional<Contents> readLive() {
        Read read = peek();
        if (read instanceof Found found && !found.contents().expired()) {
            return Optional.of(found.contents());
        }
        boolean prune = read instanceof InvalidTarget || read instanceof Found
                || (read instanceof Unusable unusable && unusable.age() != null && unusable.age().compareTo(TTL) > 0);
        if (prune) {
            delete();
        }
        return Optional.empty();
    }

    /**
     * hermes' self-match: the PID must be ours; when both start fingerprints are known they must be
     * exactly equal, when either is unknown (Windows, macOS, unreadable) the PID alone decides.
     */
    public static boolean names(Contents contents, long pid, Long startTicks) {
        if (contents.targetPid() != pid) {
            return false;
        }
        return contents.targetStartTime() == null || startTicks == null || contents.targetStartTime().equals(startTicks);
    }

    /** Whether the marker names this process, measured by {@code inspector}. */
    public static boolean namesSelf(Contents contents, ProcessInspector inspector) {
        long self = Platform.currentPid();
        return contents.targetPid() == self && names(contents, self, inspector.startTicks(self));
    }

    /**
     * The watcher's probe: true for a live marker naming this process, leaving it in place
     * (idempotent); expired and invalid-target markers are deleted; a marker naming another process
     * is left alone, since it may still belong to that process.
     */
    public boolean targetsSelf(ProcessInspector inspector) {
        return readLive().map(contents -> namesSelf(contents, inspector)).orElse(false);
    }

    /**
     * The authoritative consume: a live marker whose home guards name another home is left alone
     * (false); otherwise it is deleted whether or not it names this process, and the answer is
     * whether it did.
     */
    public boolean consumeForSelf(ProcessInspector inspector, Path ourHome) {
        Optional<Contents> live = readLive();
        if (live.isEmpty()) {
            return false;
        }
        Contents contents = live.get();
        for (String guard : new String[] {"target_hermes_home", "replacer_hermes_home"}) {
            String home = contents.text(guard);
            if (home != null && ourHome != null) {
                if (!sameHome(Path.of(home), ourHome)) {
                    return false;
                }
                break;
            }
        }
        boolean ours = namesSelf(contents, inspector);
        delete();
        return ours;
    }

    /** Writes the marker atomically (0600); false with a warning instead of raising. */
    boolean write(JsonStreams.Document marker) {
        Optional<String> failure = tryWrite(marker);
        failure.ifPresent(reason -> System.getLogger(PidMarker.class.getName()).log(System.Logger.Level.WARNING,
                "could not write the marker {0}: {1}", path, reason));
        return failure.isEmpty();
    }

    /** Writes the marker atomically (0600); why it could not, for a caller that reports it itself. */
    Optional<String> tryWrite(JsonStreams.Document marker) {
        try {
            Files.createDirectories(path.getParent());
            PrivateFiles.writeAtomically(path, JsonStreams.compact(marker).getBytes(StandardCharsets.UTF_8));
            return Optional.empty();
        } catch (IOException failed) {
            return Optional.of(IoMessages.describe(failed));
        }
    }

    /**
     * The common head of a marker, its first two fields: the target and its start fingerprint as
     * measured now. Markers are streamed, not built as trees: a stop writes one, and databind's node
     * types cost that short-lived command several milliseconds to load.
     */
    static void writeHead(JsonWriter marker, long targetPid, ProcessInspector inspector) {
        marker.writeNumberField("target_pid", targetPid);
        marker.writeNumberFieldOrNull("target_start_time", inspector.startTicks(targetPid));
    }

    public boolean delete() {
        try {
            return PrivateFiles.remove(path);
        } catch (IOException failed) {
            return false;
        }
    }

    /** Two homes are the same directory: canonical where they exist, case-folded where the OS folds. */
    public static boolean sameHome(Path a, Path b) {
        return canonical(a).equals(canonical(b));
    }

    private static String canonical(Path home) {
        Path absolute = home.toAbsolutePath().normalize();
        try {
            absolute = absolute.toRealPath();
        } catch (IOException missing) {
            // A home that does not exist (yet) compares by its normalized path.
        }
        String text = absolute.toString();
        return Platform.current().hasCaseInsensitivePaths() ? text.toLowerCase(Locale.ROOT) : text;
    }

    private Duration mtimeAge() {
        try {
            return Duration.between(Files.getLastModifiedTime(path, LinkOption.NOFOLLOW_LINKS).toInstant(), Instant.now());
        } catch (IOException | RuntimeException unknown) {
            return null;
        }
    }

    private static Long integral(JsonNode node) {
        return node != null && node.isIntegralNumber() && node.canConvertToLong() ? node.longValue() : null;
    }

    private static Long positiveLong(JsonNode node) {
        Long value = integral(node);
        return value != null && value > 0 ? value : null;
    }

    /** hermes writes {@code datetime.isoformat()} with {@code +00:00}; a naive time is read as UTC. */
    static Instant parseInstant(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException withoutOffset) {
            try {
                return LocalDateTime.parse(text).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException unparseable) {
                return null;
            }
        }
    }
}
