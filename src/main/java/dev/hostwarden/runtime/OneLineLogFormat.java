package dev.hostwarden.runtime;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import java.time.temporal.ChronoUnit;
import java.util.logging.ConsoleHandler;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * An owner's log: one line per event on stderr, {@code 2026-12-01T06:12:20Z hostwarden[4242] INFO
 * gateway: message}, the shape syslog and journald readers expect, instead of java.util.logging's
 * two-line default (date and source method, then the message). The owner logs through
 * {@link System.Logger}, and OSHI through slf4j-jdk14; both end in java.util.logging, so this one
 * formatter covers every line the process writes.
 */
public final class OneLineLogFormat extends Formatter {
    private final String prefix;
    private final String role;

    OneLineLogFormat(long pid, String subject) {
        this.prefix = " hostwarden[" + pid + "] ";
        this.role = subject;
    }

    /** Replaces the root logger's handlers with one that writes these lines to stderr. */
    public static void install(Role role) {
        install(role.wireName());
    }

    /** As {@link #install(Role)}, each line naming {@code subject} ("supervise") instead of a role. */
    public static void install(String subject) {
        Logger root = LogManager.getLogManager().getLogger("");
        for (Handler handler : root.getHandlers()) {
            root.removeHandler(handler);
        }
        ConsoleHandler stderr = new ConsoleHandler();
        stderr.setFormatter(new OneLineLogFormat(Platform.currentPid(), subject));
        root.addHandler(stderr);
    }

    @Override
    public String format(LogRecord record) {
        StringBuilder line = new StringBuilder(160);
        line.append(record.getInstant().truncatedTo(ChronoUnit.SECONDS)).append(prefix).append(level(record.getLevel()))
                .append(' ').append(role).append(": ").append(formatMessage(record));
        if (record.getThrown() != null) {
            line.append(": ").append(record.getThrown());
        }
        // One event, one line: a line break inside a message (an OS error text, a path) would split it.
        return line.toString().replaceAll("\\R", " ") + System.lineSeparator();
    }

    /** syslog's words rather than java.util.logging's SEVERE and FINE. */
    static String level(Level level) {
        int value = level.intValue();
        if (value >= Level.SEVERE.intValue()) {
            return "ERROR";
        }
        if (value >= Level.WARNING.intValue()) {
            return "WARN";
        }
        if (value >= Level.INFO.intValue()) {
            return "INFO";
        }
        return "DEBUG";
    }
}
