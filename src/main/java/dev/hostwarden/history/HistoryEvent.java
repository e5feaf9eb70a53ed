package dev.hostwarden.history;

import dev.hostwarden.core.io.JsonReader;
import dev.hostwarden.core.io.JsonReader.Token;
import dev.hostwarden.core.io.JsonSyntaxException;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One ownership event: one JSON object on one line of the history. Every field but the time, the
 * type, the role and the writer may be null (unknown, or not part of this kind of event).
 *
 * @param lockDir     the rendezvous directory the role's owner is in (absolute); null in lines written
 *                    before it was recorded, which may concern any directory
 * @param pid         the owner the event is about
 * @param startTime   the owner's start fingerprint (clock ticks since boot on Linux)
 * @param reason      a reason code (stale)
 * @param byPid       the process that caused it (stop requested, retracted, restarted, started)
 * @param byCommand   what that process was, in words ("hostwarden stop gateway", "the panel"), when it said
 * @param previousPid the owner a restart (or a supervised start) replaced
 * @param attempt     a supervised start's attempt number; the failed starts a supervisor gave up after
 * @param detail      plain words the event type carries (how an owner died, why a supervisor gave up)
 * @param writerPid   the process that wrote the line
 */
public record HistoryEvent(Instant at, EventType type, Role role, String lockDir, Long pid, Long startTime, List<String> profiles, String home,
        String reason, Long byPid, String byCommand, Integer exitCode, Long previousPid, Integer attempt, String detail, long writerPid) {

    public HistoryEvent {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(role, "role");
        profiles = profiles == null ? null : List.copyOf(profiles);
    }

    /** A minimal event; the others are added with the {@code with…} methods. */
    public static HistoryEvent of(EventType type, Role role, Long pid) {
        return new HistoryEvent(Instant.now(), type, role, null, pid, null, null, null, null, null, null, null, null, null, null, Platform.currentPid());
    }

    public HistoryEvent withOwner(Long start, List<String> servedProfiles, String ownerHome) {
        return new HistoryEvent(at, type, role, lockDir, pid, start, servedProfiles, ownerHome, reason, byPid, byCommand, exitCode, previousPid, attempt, detail, writerPid);
    }

    public HistoryEvent withReason(String code) {
        return new HistoryEvent(at, type, role, lockDir, pid, startTime, profiles, home, code, byPid, byCommand, exitCode, previousPid, attempt, detail, writerPid);
    }

    /** The process that caused the event and what it was, in words ({@link Actor}). */
    public HistoryEvent withActor(Actor actor) {
        return actor == null ? this : new HistoryEvent(at, type, role, lockDir, pid, startTime, profiles, home, reason, actor.pid(),
                actor.command(), exitCode, previousPid, attempt, detail, writerPid);
    }

    public HistoryEvent withBy(Long by) {
        return new HistoryEvent(at, type, role, lockDir, pid, startTime, profiles, home, reason, by, byCommand, exitCode, previousPid, attempt, detail, writerPid);
    }

    public HistoryEvent withExitCode(Integer code) {
        return new HistoryEvent(at, type, role, lockDir, pid, startTime, profiles, home, reason, byPid, byCommand, code, previousPid, attempt, detail, writerPid);
    }

    public HistoryEvent withPrevious(Long previous) {
        return new HistoryEvent(at, type, role, lockDir, pid, startTime, profiles, home, reason, byPid, byCommand, exitCode, previous, attempt, detail, writerPid);
    }

    public HistoryEvent withAttempt(Integer number) {
        return new HistoryEvent(at, type, role, lockDir, pid, startTime, profiles, home, reason, byPid, byCommand, exitCode, previousPid, number, detail, writerPid);
    }

    public HistoryEvent withDetail(String words) {
        return new HistoryEvent(at, type, role, lockDir, pid, startTime, profiles, home, reason, byPid, byCommand, exitCode, previousPid, attempt, words, writerPid);
    }

    public HistoryEvent withLockDir(Path dir) {
        return new HistoryEvent(at, type, role, wireName(dir), pid, startTime, profiles, home, reason, byPid, byCommand, exitCode, previousPid, attempt, detail, writerPid);
    }

    /** The event may be about {@code dir}'s owners: it names that directory, or (an older line) none. */
    public boolean concerns(Path dir) {
        return lockDir == null || lockDir.equals(wireName(dir));
    }

    /** A directory as events name it: absolute and normalized, so two spellings of one directory match. */
    private static String wireName(Path dir) {
        return dir.toAbsolutePath().normalize().toString();
    }

    public HistoryEvent at(Instant time) {
        return new HistoryEvent(time, type, role, lockDir, pid, startTime, profiles, home, reason, byPid, byCommand, exitCode, previousPid, attempt, detail, writerPid);
    }

    /**
     * True when this observation adds nothing to {@code earlier} (the role's previous line): the
     * same kind of event about the same process, with every field this one knows equal there. A
     * stop command's "stopped" (exit code unknown) after the owner's own "stopped, exit 0" is one;
     * so is an observer's "appeared" right after the owner's own "started".
     */
    public boolean repeats(HistoryEvent earlier) {
        if (earlier == null || earlier.role != role || !Objects.equals(earlier.lockDir, lockDir) || !Objects.equals(earlier.pid, pid)) {
            return false;
        }
        if (type == EventType.APPEARED && (earlier.type == EventType.STARTED || earlier.type == EventType.RESTARTED)) {
            return true;
        }
        if (type == EventType.STOPPED && earlier.type == EventType.STOPPED) {
            // An owner ends once: the stopper's line after the owner's own (which knows its exit code) adds nothing.
            return true;
        }
        return earlier.type == type && known(startTime, earlier.startTime) && known(profiles, earlier.profiles) && known(home, earlier.home)
                && known(reason, earlier.reason) && known(byPid, earlier.byPid) && known(byCommand, earlier.byCommand)
                && known(exitCode, earlier.exitCode)
                && known(previousPid, earlier.previousPid) && known(attempt, earlier.attempt) && known(detail, earlier.detail);
    }

    /**
     * True when this is an observer's sighting of an owner ({@code live}, {@code appeared}) that the
     * role's recent lines already contradict: the same incarnation was asked to stop, stopped or was
     * retracted, with nothing since that started it again. An observer that inspected just before the
     * stop and writes just after must not leave a live owner that no longer exists as the last word.
     *
     * @param newestFirst the role's earlier lines for the same directory, newest first
     */
    public boolean contradictedBy(List<HistoryEvent> newestFirst) {
        if (!isSighting()) {
            return false;
        }
        for (HistoryEvent earlier : newestFirst) {
            if (!pid.equals(earlier.pid) || (startTime != null && earlier.startTime != null && !startTime.equals(earlier.startTime))) {
                continue;
            }
            return switch (earlier.type) {
                case STOPPED, STOP_REQUESTED, RETRACTED -> true;
                default -> false;
            };
        }
        return false;
    }

    /** An observer's sighting of an owner, as opposed to something an owner or an action did. */
    public boolean isSighting() {
        return (type == EventType.LIVE || type == EventType.APPEARED) && pid != null;
    }

    private static boolean known(Object mine, Object theirs) {
        return mine == null || mine.equals(theirs);
    }

    /**
     * The event as one JSON object, keys in this order, absent values left out (the writer's pid
     * always written). Streamed rather than built as a tree: every stop, start and retract appends one,
     * and databind's node types cost such a short-lived command several milliseconds to load.
     */
    public void writeTo(JsonWriter writer) {
        writer.writeStartObject();
        writer.writeStringField("at", at.toString());
        writer.writeStringField("event", type.wireName());
        writer.writeStringField("role", role.wireName());
        writeIfKnown(writer, "lockDir", lockDir);
        writeIfKnown(writer, "pid", pid);
        writeIfKnown(writer, "startTime", startTime);
        if (profiles != null) {
            writer.writeArrayFieldStart("profiles");
            for (String name : profiles) {
                writer.writeString(name);
            }
            writer.writeEndArray();
        }
        writeIfKnown(writer, "home", home);
        writeIfKnown(writer, "reason", reason);
        writeIfKnown(writer, "by", byPid);
        writeIfKnown(writer, "byCommand", byCommand);
        writeIfKnown(writer, "exitCode", exitCode == null ? null : exitCode.longValue());
        writeIfKnown(writer, "previousPid", previousPid);
        writeIfKnown(writer, "attempt", attempt == null ? null : attempt.longValue());
        writeIfKnown(writer, "detail", detail);
        writer.writeNumberField("writer", writerPid);
        writer.writeEndObject();
    }

    private static void writeIfKnown(JsonWriter writer, String key, Long value) {
        if (value != null) {
            writer.writeNumberField(key, value);
        }
    }

    private static void writeIfKnown(JsonWriter writer, String key, String value) {
        if (value != null) {
            writer.writeStringField(key, value);
        }
    }

    /**
     * The event of one history line; {@link JsonSyntaxException} when the line is not one JSON
     * document, {@link IllegalArgumentException} naming what else is wrong with it. Read token by
     * token (a stop reads the newest lines before it appends), with a tree's rules: the last of a
     * repeated key wins, a value of the wrong type counts as absent.
     */
    public static HistoryEvent fromJson(String line) throws JsonSyntaxException {
        JsonReader in = new JsonReader(line);
        Token first = in.nextToken();
        if (first != Token.START_OBJECT) {
            in.skipChildren();
            in.expectEnd();
            throw new IllegalArgumentException("not a JSON object");
        }
        Map<String, Object> fields = new HashMap<>();
        while (in.nextToken() == Token.FIELD_NAME) {
            String key = in.currentName();
            Token value = in.nextToken();
            fields.put(key, key.equals("profiles") ? strings(in, value) : scalar(in, value));
        }
        in.expectEnd();
        Instant at;
        try {
            at = Instant.parse(text(fields, "at"));
        } catch (DateTimeParseException bad) {
            throw new IllegalArgumentException("'at' is not a UTC time");
        }
        EventType type = EventType.fromWire(text(fields, "event"));
        if (type == null) {
            throw new IllegalArgumentException("unknown event '" + text(fields, "event") + "'");
        }
        Role role;
        try {
            role = Role.parse(text(fields, "role"));
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("unknown role '" + text(fields, "role") + "'");
        }
        @SuppressWarnings("unchecked")
        List<String> profiles = fields.get("profiles") instanceof List<?> names ? (List<String>) names : null;
        Long writer = number(fields, "writer");
        return new HistoryEvent(at, type, role, optionalText(fields, "lockDir"), number(fields, "pid"), number(fields, "startTime"), profiles,
                optionalText(fields, "home"), optionalText(fields, "reason"), number(fields, "by"), optionalText(fields, "byCommand"),
                smallNumber(fields, "exitCode"), number(fields, "previousPid"), smallNumber(fields, "attempt"), optionalText(fields, "detail"),
                writer == null ? 0 : writer);
    }

    /** A string as itself, an integral number as a {@link BigInteger}, anything else as null (skipped). */
    private static Object scalar(JsonReader in, Token value) throws JsonSyntaxException {
        return switch (value) {
            case VALUE_STRING -> in.getText();
            case VALUE_NUMBER_INT -> in.getBigIntegerValue();
            default -> {
                in.skipChildren();
                yield null;
            }
        };
    }

    /** An array's items as text (a non-string scalar by its JSON text, a container as ""); not an array: null. */
    private static List<String> strings(JsonReader in, Token value) throws JsonSyntaxException {
        if (value != Token.START_ARRAY) {
            in.skipChildren();
            return null;
        }
        List<String> items = new ArrayList<>();
        for (Token item = in.nextToken(); item != Token.END_ARRAY; item = in.nextToken()) {
            boolean container = item == Token.START_OBJECT || item == Token.START_ARRAY;
            items.add(container ? "" : in.getText());
            in.skipChildren();
        }
        return items;
    }

    private static String text(Map<String, Object> fields, String key) {
        if (!(fields.get(key) instanceof String text)) {
            throw new IllegalArgumentException("'" + key + "' is missing");
        }
        return text;
    }

    private static String optionalText(Map<String, Object> fields, String key) {
        return fields.get(key) instanceof String text ? text : null;
    }

    /** An integral number (its low 64 bits, as a tree's {@code longValue()}), or null. */
    private static Long number(Map<String, Object> fields, String key) {
        return fields.get(key) instanceof BigInteger number ? number.longValue() : null;
    }

    /** An integral number that fits an int, or null. */
    private static Integer smallNumber(Map<String, Object> fields, String key) {
        return fields.get(key) instanceof BigInteger number && number.bitLength() < 32 ? number.intValue() : null;
    }
}
