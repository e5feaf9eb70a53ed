package dev.hostwarden.history;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * The history's events for a process that looks often (the panel, every refresh): the files are
 * read again only when either one's size or modification time changed, so an idle refresh costs two
 * stat calls. Reads only; takes no lock.
 */
public final class HistoryCache {
    private final HistoryLog log;
    private final Path lockDir;
    private List<Object> seen;
    private List<HistoryEvent> events = List.of();

    /** The events that concern {@code lockDir}'s owners ({@link HistoryEvent#concerns}). */
    public HistoryCache(HistoryLog log, Path lockDir) {
        this.log = log;
        this.lockDir = lockDir;
    }

    public synchronized List<HistoryEvent> events() {
        List<Object> now = new ArrayList<>();
        for (Path path : List.of(log.rotated(), log.file())) {
            now.add(stamp(path));
        }
        if (!now.equals(seen)) {
            events = log.read().events().stream().filter(event -> event.concerns(lockDir)).toList();
            seen = now;
        }
        return events;
    }

    private static Object stamp(Path path) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return List.of(attributes.size(), attributes.lastModifiedTime(), String.valueOf(attributes.fileKey()));
        } catch (IOException absent) {
            return "absent";
        }
    }
}
