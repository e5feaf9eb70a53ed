package dev.hostwarden.panel.model;

import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.record.HostRecord;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Plain-language text for record values; pure functions, so tests need no toolkit. */
public final class Describe {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    private Describe() {
    }

    /** "2026-11-29 17:02:11 (raw 1795957331.52)" in {@code zone}, or "not recorded". */
    public static String createTime(Double epochSeconds, ZoneId zone) {
        if (epochSeconds == null) {
            return "not recorded";
        }
        Instant at = Instant.ofEpochMilli(Math.round(epochSeconds * 1000));
        return LOCAL.format(at.atZone(zone)) + "  (raw " + BigDecimal.valueOf(epochSeconds).toPlainString() + ")";
    }

    /**
     * The updatedAt text with its age: "… (12 s ago)"; a time after this machine's now (the writer's
     * clock ahead, or this one behind) as "… (3 s ahead of this clock)"; "(unparsable)" when unparsable.
     */
    public static String updatedAt(String raw, Instant now) {
        if (raw == null || raw.isEmpty()) {
            return "not recorded";
        }
        try {
            Instant at = OffsetDateTime.parse(raw).toInstant();
            long seconds = Duration.between(at, now).toSeconds();
            return raw + "  (" + (seconds < 0 ? duration(-seconds) + " ahead of this clock)" : duration(seconds) + " ago)");
        } catch (DateTimeParseException unparsable) {
            return raw + "  (unparsable)";
        }
    }

    /** "42 s", "3 min 5 s", "2 h 4 min", "3 d 1 h". */
    public static String duration(long seconds) {
        if (seconds < 0) {
            return "in " + duration(-seconds);
        }
        if (seconds < 60) {
            return seconds + " s";
        }
        if (seconds < 3600) {
            return seconds / 60 + " min " + seconds % 60 + " s";
        }
        if (seconds < 86400) {
            return seconds / 3600 + " h " + seconds % 3600 / 60 + " min";
        }
        return seconds / 86400 + " d " + seconds % 86400 / 3600 + " h";
    }

    /**
     * The owner line under a card's headline: "PID 4242 · running for 3 min 5 s" for an owner that is
     * there, "PID 4242 · started 2 h 4 min ago, now gone" for a dead one, "" without a record.
     */
    public static String ownerAge(HostRecord record, boolean alive, Instant now) {
        if (record == null) {
            return "";
        }
        if (record.createTime() == null) {
            return "PID " + record.pid() + " · start time not recorded";
        }
        long seconds = Math.max(0, now.getEpochSecond() - Math.round(record.createTime()));
        return "PID " + record.pid() + (alive ? " · running for " + roughDuration(seconds) : " · started " + roughDuration(seconds) + " ago, now gone");
    }

    /**
     * "less than a minute", "12 min", "2 h 4 min", "3 d 1 h": no seconds, so a ticking age changes
     * its text (and costs a layout) at most once a minute.
     */
    public static String roughDuration(long seconds) {
        return seconds < 60 ? "less than a minute" : seconds < 3600 ? seconds / 60 + " min" : duration(seconds);
    }

    /**
     * The path as a wrapping label should show it: it wraps between names, after a '/', never inside
     * one. JavaFX breaks lines where {@link java.text.BreakIterator#getLineInstance()} allows, which
     * ignores a zero-width space but breaks after '-' and after '.' ("host-serve." / "json"). So a
     * hair space (U+200A, whitespace a proportional font draws about one pixel wide) follows each '/',
     * each '-' becomes a non-breaking hyphen (U+2011, drawn the same) and a zero-width no-break space
     * (U+FEFF) follows each '.'. Copy the plain path ({@link #plainPath}), never the shown text; and
     * show it in a proportional font, where a monospaced one draws the hair space a full cell wide.
     */
    public static String breakablePath(String path) {
        return path.replace("/", "/" + PATH_BREAK).replace("-", NO_BREAK_HYPHEN).replace(".", "." + NO_BREAK);
    }

    /** The plain path back from {@link #breakablePath}'s text. */
    public static String plainPath(String shown) {
        return shown.replace(PATH_BREAK, "").replace(NO_BREAK_HYPHEN, "-").replace(NO_BREAK, "");
    }

    private static final String PATH_BREAK = "\u200A";
    private static final String NO_BREAK_HYPHEN = "\u2011";
    private static final String NO_BREAK = "\uFEFF";

    /** At most {@code max} characters, with an ellipsis when cut (the full text goes in a tooltip). */
    public static String shortened(String text, int max) {
        return text.length() <= max ? text : text.substring(0, max - 1) + "…";
    }

    /**
     * At most about {@code max} characters, cut in the middle ("launched PID 4242: /opt/… (output in …/gateway.log)"),
     * so both what a line starts with and how it ends stay readable; the full text goes in a tooltip.
     */
    public static String shortenedInMiddle(String text, int max) {
        if (text.length() <= max) {
            return text;
        }
        int tail = max / 3;
        int head = max - tail - 1;
        return text.substring(0, head) + "…" + text.substring(text.length() - tail);
    }

    public static String orDash(Object value) {
        if (value == null) {
            return "—";
        }
        String text = value.toString();
        return text.isEmpty() ? "—" : text;
    }

    /** "HELD by PID 123", "FREE", "ABSENT", "UNKNOWN (…)" */
    public static String lock(LockProbe lock) {
        return switch (lock.state()) {
            case HELD -> "HELD" + (lock.ownedByThisProcess() ? " by this panel"
                    : lock.holderPid() == null ? " (holder not visible)" : " by PID " + lock.holderPid());
            case UNKNOWN -> "UNKNOWN (" + lock.detail() + ")";
            default -> lock.state().name();
        };
    }
}
