package dev.hostwarden.history;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The last {@code windowBytes} of the history file, parsed, kept by one writer between its appends.
 * An append decides whether it repeats the role's previous line from the file's tail; the panel
 * appends its sightings at every refresh, and re-reading and parsing 64 KB (about 300 lines) for
 * each role each time was about a third of what a panel in use allocated. Kept, only the lines written since
 * are read and parsed.
 *
 * <p>Call only under the history's lock. The file is append-only between rotations, but anything
 * can happen to it (rotated, truncated, replaced, rewritten by hand): what is kept is used only when
 * the file is no shorter than what was read and still holds the last line read, byte for byte, where
 * it was; anything else reads the window afresh. (Only a hand's rewrite
 * that put other lines of the same total length before an identical last line would go unseen; every
 * real line carries its own time, to the nanosecond.)
 */
final class HistoryTail {
    private record Line(long start, HistoryEvent event) {
    }

    private final int windowBytes;
    private final ArrayDeque<Line> lines = new ArrayDeque<>();
    /** The offset after the last complete line read; -1 when nothing is kept. */
    private long end = -1;
    /** That line's bytes, its newline included, to recognise the file. */
    private byte[] lastLine = new byte[0];
    private long linesParsed;

    HistoryTail(int windowBytes) {
        this.windowBytes = windowBytes;
    }

    /**
     * The events of the lines in the file's last {@code windowBytes} (null for a line that is not
     * one), oldest first, an unterminated last line included.
     */
    List<HistoryEvent> read(FileChannel channel, long size) throws IOException {
        String unterminated = kept(size) ? readOn(channel, size) : readWindow(channel, size);
        long windowStart = size - windowBytes;
        while (!lines.isEmpty() && lines.peekFirst().start() < windowStart) {
            lines.removeFirst();
        }
        List<HistoryEvent> events = new ArrayList<>(lines.size() + 1);
        for (Line line : lines) {
            events.add(line.event());
        }
        if (!unterminated.isEmpty()) {
            events.add(parse(unterminated));
        }
        return events;
    }

    /** {@code line} (newline included) was written at {@code start}, right after the last line read. */
    void appended(long start, byte[] line) {
        if (end != start) {
            forget();
            return;
        }
        lines.addLast(new Line(start, parse(new String(line, 0, line.length - 1, StandardCharsets.UTF_8))));
        end = start + line.length;
        lastLine = line.clone();
    }

    void forget() {
        lines.clear();
        end = -1;
        lastLine = new byte[0];
    }

    /** How many lines this tail has parsed: what keeping it saves is visible to a test. */
    long linesParsed() {
        return linesParsed;
    }

    private boolean kept(long size) {
        return end >= 0 && size >= end;
    }

    /** Reads from the last line read on; falls back to the whole window when the file is not what was read. */
    private String readOn(FileChannel channel, long size) throws IOException {
        long from = end - lastLine.length;
        byte[] bytes = readRange(channel, from, size);
        if (bytes.length < lastLine.length || !Arrays.equals(bytes, 0, lastLine.length, lastLine, 0, lastLine.length)) {
            return readWindow(channel, size);
        }
        return split(bytes, lastLine.length, from);
    }

    private String readWindow(FileChannel channel, long size) throws IOException {
        forget();
        // The window's first line may be the end of a longer one: parsed like any, it reads as no event.
        long from = Math.max(0, size - windowBytes);
        end = from;
        return split(readRange(channel, from, size), 0, from);
    }

    /** Parses and keeps each complete line in {@code bytes} from {@code offset}; returns the unterminated rest. */
    private String split(byte[] bytes, int offset, long base) {
        int start = offset;
        for (int index = offset; index < bytes.length; index++) {
            if (bytes[index] == '\n') {
                lines.addLast(new Line(base + start, parse(new String(bytes, start, index - start, StandardCharsets.UTF_8))));
                lastLine = Arrays.copyOfRange(bytes, start, index + 1);
                start = index + 1;
                end = base + start;
            }
        }
        return new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8);
    }

    private static byte[] readRange(FileChannel channel, long from, long to) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) (to - from));
        while (buffer.hasRemaining() && channel.read(buffer, from + buffer.position()) > 0) {
            // keep reading
        }
        return buffer.position() == buffer.capacity() ? buffer.array() : Arrays.copyOf(buffer.array(), buffer.position());
    }

    private HistoryEvent parse(String line) {
        linesParsed++;
        try {
            return HistoryEvent.fromJson(line);
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }
}
