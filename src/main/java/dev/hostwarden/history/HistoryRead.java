package dev.hostwarden.history;

import java.util.List;

/**
 * The history as read: its events oldest first, and the lines that could not be read (skipped,
 * never fatal), each as {@code file:line: problem}.
 */
public record HistoryRead(List<HistoryEvent> events, List<String> skipped) {
    public HistoryRead {
        events = List.copyOf(events);
        skipped = List.copyOf(skipped);
    }
}
