package dev.hostwarden.supervise;

import dev.hostwarden.core.io.JsonReader;
import dev.hostwarden.core.io.JsonReader.Token;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * What a supervisor publishes about one role while it holds that role's supervisor lock, so that
 * {@code status}, the panel and another supervisor can say who keeps the role running and what it is
 * doing. Written atomically at each change of state; read without any lock.
 *
 * @param by            what the supervisor is, in words ("hostwarden supervise gateway", "the Hostwarden panel")
 * @param since         when the supervisor entered this state
 * @param note          what it is doing, in plain words ("held by PID 4242 (home …/profiles/work); waiting")
 * @param nextAttemptAt when the next start attempt is due (backing off), else null
 * @param failedStarts  the failed starts within the window
 * @param lastExit      how the last owner or launched command ended, in words, else null
 * @param stoppedBy     who stopped the owner on purpose (stopped on purpose), else null
 * @param lastOutput    the last lines (at most {@link #OUTPUT_LINES}, secrets redacted) an owner or command the
 *                      supervisor launched wrote before it ended; empty when it launched none that ended
 */
public record SupervisionRecord(long pid, String by, Role role, String lockDir, SupervisorState state, Instant since, String note,
                                Instant nextAttemptAt, int failedStarts, int maxFailedStarts, long windowSeconds, String lastExit,
                                String stoppedBy, List<String> lastOutput) {
    /** How many of a dead owner's last lines a supervisor keeps in its record. */
    public static final int OUTPUT_LINES = 3;

    public SupervisionRecord {
        lastOutput = lastOutput == null ? List.of() : List.copyOf(lastOutput);
    }

    public String toJson() {
        return JsonStreams.compact(this::write);
    }

    /** The fields of {@code status --json}'s {@code supervision} object, in this order. */
    public void write(JsonWriter out) {
        out.writeStartObject();
        out.writeNumberField("pid", pid);
        out.writeStringField("by", by);
        out.writeStringField("role", role.wireName());
        out.writeStringField("lockDir", lockDir);
        out.writeStringField("state", state.wireName());
        out.writeStringField("since", since.toString());
        out.writeStringField("note", note);
        out.writeStringField("nextAttemptAt", nextAttemptAt == null ? null : nextAttemptAt.toString());
        out.writeNumberField("failedStarts", failedStarts);
        out.writeNumberField("maxFailedStarts", maxFailedStarts);
        out.writeNumberField("windowSeconds", windowSeconds);
        out.writeStringField("lastExit", lastExit);
        out.writeStringField("stoppedBy", stoppedBy);
        out.writeArrayFieldStart("lastOutput");
        for (String line : lastOutput) {
            out.writeString(line);
        }
        out.writeEndArray();
        out.writeEndObject();
    }

    /** The record in {@code text}; null when it is not one (a torn or foreign file is no supervisor). */
    public static SupervisionRecord parse(String text) {
        try {
            JsonReader in = new JsonReader(text);
            if (in.nextToken() != Token.START_OBJECT) {
                return null;
            }
            Long pid = null;
            String by = "";
            Role role = null;
            String lockDir = "";
            SupervisorState state = null;
            Instant since = null;
            String note = "";
            Instant next = null;
            int failed = 0;
            int max = 0;
            long window = 0;
            String lastExit = null;
            String stoppedBy = null;
            List<String> lastOutput = new ArrayList<>();
            while (in.nextToken() == Token.FIELD_NAME) {
                String key = in.currentName();
                Token value = in.nextToken();
                switch (key) {
                    case "pid" -> pid = value == Token.VALUE_NUMBER_INT ? in.getLongValue() : null;
                    case "by" -> by = text(in, value, "");
                    case "role" -> role = roleOf(text(in, value, ""));
                    case "lockDir" -> lockDir = text(in, value, "");
                    case "state" -> state = SupervisorState.fromWire(text(in, value, ""));
                    case "since" -> since = instant(text(in, value, null));
                    case "note" -> note = text(in, value, "");
                    case "nextAttemptAt" -> next = instant(text(in, value, null));
                    case "failedStarts" -> failed = value == Token.VALUE_NUMBER_INT ? in.getIntValue() : 0;
                    case "maxFailedStarts" -> max = value == Token.VALUE_NUMBER_INT ? in.getIntValue() : 0;
                    case "windowSeconds" -> window = value == Token.VALUE_NUMBER_INT ? in.getLongValue() : 0;
                    case "lastExit" -> lastExit = text(in, value, null);
                    case "stoppedBy" -> stoppedBy = text(in, value, null);
                    case "lastOutput" -> lines(in, value, lastOutput);
                    default -> in.skipChildren();
                }
            }
            if (pid == null || role == null || state == null || since == null) {
                return null;
            }
            return new SupervisionRecord(pid, by, role, lockDir, state, since, note, next, failed, max, window, lastExit, stoppedBy, lastOutput);
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    private static void lines(JsonReader in, Token value, List<String> into) throws IOException {
        if (value != Token.START_ARRAY) {
            in.skipChildren();
            return;
        }
        for (Token item = in.nextToken(); item != Token.END_ARRAY; item = in.nextToken()) {
            if (item == Token.VALUE_STRING && into.size() < OUTPUT_LINES) {
                into.add(in.getText());
            } else {
                in.skipChildren();
            }
        }
    }

    private static String text(JsonReader in, Token value, String fallback) throws IOException {
        if (value == Token.VALUE_STRING) {
            return in.getText();
        }
        in.skipChildren();
        return fallback;
    }

    private static Instant instant(String text) {
        try {
            return text == null ? null : Instant.parse(text);
        } catch (DateTimeParseException bad) {
            return null;
        }
    }

    private static Role roleOf(String name) {
        for (Role role : Role.values()) {
            if (role.wireName().equals(name)) {
                return role;
            }
        }
        return null;
    }

    /** One line for people: "kept running by PID 812 (hostwarden supervise gateway): watching". */
    public String describe() {
        return "kept running by PID " + pid + " (" + by + "): " + stateAndNote("; ");
    }

    /** "backing off; the owner …", or only the note where it already starts with the state ("gave up after 3 failed starts …"). */
    public String stateAndNote(String separator) {
        String words = state.wireName().replace('-', ' ');
        if (note.isEmpty()) {
            return words;
        }
        return note.startsWith(words) ? note : words + separator + note;
    }
}
