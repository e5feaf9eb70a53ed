package dev.hostwarden.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
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

    public ObjectNode toJson() {
        ObjectNode node = JsonTrees.object();
        node.put("at", at.toString());
        node.put("event", type.wireName());
        node.put("role", role.wireName());
        if (lockDir != null) {
            node.put("lockDir", lockDir);
        }
        putIfKnown(node, "pid", pid);
        putIfKnown(node, "startTime", startTime);
        if (profiles != null) {
            ArrayNode names = node.putArray("profiles");
            profiles.forEach(names::add);
        }
        if (home != null) {
            node.put("home", home);
        }
        if (reason != null) {
            node.put("reason", reason);
        }
        putIfKnown(node, "by", byPid);
        if (byCommand != null) {
            node.put("byCommand", byCommand);
        }
        if (exitCode != null) {
            node.put("exitCode", exitCode);
        }
        putIfKnown(node, "previousPid", previousPid);
        if (attempt != null) {
            node.put("attempt", attempt);
        }
        if (detail != null) {
            node.put("detail", detail);
        }
        node.put("writer", writerPid);
        return node;
    }

    private static void putIfKnown(ObjectNode node, String key, Long value) {
        if (value != null) {
            node.put(key, value);
        }
    }

    /** The line's event; throws {@link IllegalArgumentException} naming what is wrong with it. */
    public static HistoryEvent fromJson(JsonNode node) {
        if (!node.isObject()) {
            throw new IllegalArgumentException("not a JSON object");
        }
        Instant at;
        try {
            at = Instant.parse(text(node, "at"));
        } catch (DateTimeParseException bad) {
            throw new IllegalArgumentException("'at' is not a UTC time");
        }
        EventType type = EventType.fromWire(text(node, "event"));
        if (type == null) {
            throw new IllegalArgumentException("unknown event '" + text(node, "event") + "'");
        }
        Role role;
        try {
            role = Role.parse(text(node, "role"));
        } catch (IllegalArgumentException unknown) {
            throw new IllegalArgumentException("unknown role '" + text(node, "role") + "'");
        }
        List<String> profiles = null;
        if (node.path("profiles").isArray()) {
            profiles = new ArrayList<>();
            for (JsonNode name : node.path("profiles")) {
                profiles.add(name.asText());
            }
        }
        JsonNode exit = node.path("exitCode");
        return new HistoryEvent(at, type, role, optionalText(node, "lockDir"), number(node, "pid"), number(node, "startTime"), profiles, optionalText(node, "home"),
                optionalText(node, "reason"), number(node, "by"), optionalText(node, "byCommand"), exit.isIntegralNumber() && exit.canConvertToInt() ? exit.intValue() : null, number(node, "previousPid"),
                node.path("attempt").isIntegralNumber() && node.path("attempt").canConvertToInt() ? node.path("attempt").intValue() : null,
                optionalText(node, "detail"), node.path("writer").asLong(0));
    }

    private static String text(JsonNode node, String key) {
        JsonNode value = node.path(key);
        if (!value.isTextual()) {
            throw new IllegalArgumentException("'" + key + "' is missing");
        }
        return value.textValue();
    }

    private static String optionalText(JsonNode node, String key) {
        JsonNode value = node.path(key);
        return value.isTextual() ? value.textValue() : null;
    }

    private static Long number(JsonNode node, String key) {
        JsonNode value = node.path(key);
        return value.isIntegralNumber() ? value.longValue() : null;
    }
}
