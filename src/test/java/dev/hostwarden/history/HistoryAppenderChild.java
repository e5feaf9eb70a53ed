package dev.hostwarden.history;

import dev.hostwarden.core.record.Role;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;

/**
 * A real appender process: {@code FILE WRITER COUNT}. Prints {@code ready}, waits for {@code go}
 * on stdin (so all appenders start together), appends COUNT distinct events (PID
 * {@code WRITER*1_000_000 + i}, a long profile list so each line is a few hundred bytes), prints
 * {@code done}.
 */
public final class HistoryAppenderChild {
    private HistoryAppenderChild() {
    }

    public static void main(String[] args) throws Exception {
        HistoryLog log = HistoryLog.at(Path.of(args[0]));
        long writer = Long.parseLong(args[1]);
        int count = Integer.parseInt(args[2]);
        List<String> profiles = Collections.nCopies(20, "profile-of-writer-" + writer);
        System.out.println("ready");
        System.out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        if (!"go".equals(in.readLine())) {
            System.exit(3);
        }
        for (int index = 0; index < count; index++) {
            HistoryEvent event = HistoryEvent.of(EventType.APPEARED, Role.GATEWAY, writer * 1_000_000 + index).withOwner((long) index, profiles, "/h");
            if (!log.append(event)) {
                System.out.println("not written " + index);
            }
        }
        System.out.println("done");
        System.out.flush();
    }
}
