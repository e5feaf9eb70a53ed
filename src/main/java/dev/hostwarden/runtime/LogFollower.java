package dev.hostwarden.runtime;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * {@code tail -f} of a log that another process appends to and that may be truncated (a
 * {@link RoleLog} rotates by copy and truncation): new complete lines are handed on as they appear; a
 * file that shrank is read again from its start. It polls, as the writer is another process and file
 * events are not reliable across file systems.
 */
public final class LogFollower {
    private static final Duration POLL = Duration.ofMillis(200);

    private final Path file;
    private long position;
    private final StringBuilder partial = new StringBuilder();

    /** Follows {@code file} from its current end (what is there now was shown already). */
    public LogFollower(Path file) throws IOException {
        this.file = file;
        this.position = Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) ? Files.size(file) : 0;
    }

    /** Hands each new line to {@code lines} until {@code stop} says so. */
    public void follow(Consumer<String> lines, BooleanSupplier stop) throws IOException, InterruptedException {
        while (!stop.getAsBoolean()) {
            readNew(lines);
            Thread.sleep(POLL.toMillis());
        }
    }

    /** Reads what was appended since the last call; true when something was. */
    public boolean readNew(Consumer<String> lines) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        long size = Files.size(file);
        if (size < position) {
            // Rotated (copied and truncated): the rest of the old content went to .1; start over.
            position = 0;
            partial.setLength(0);
        }
        if (size == position) {
            return false;
        }
        byte[] bytes = new byte[(int) Math.min(size - position, 1 << 20)];
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            in.seek(position);
            in.readFully(bytes);
        }
        position += bytes.length;
        partial.append(new String(bytes, StandardCharsets.UTF_8));
        int end;
        while ((end = partial.indexOf("\n")) >= 0) {
            String line = partial.substring(0, end);
            lines.accept(line.endsWith("\r") ? line.substring(0, line.length() - 1) : line);
            partial.delete(0, end + 1);
        }
        return true;
    }
}
