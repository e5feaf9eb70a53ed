package dev.hostwarden.history;

import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The ownership history file: {@code history.jsonl}, one JSON object a line, mode 0600, in
 * {@code $XDG_STATE_HOME/hostwarden/} (else {@code ~/.local/state/hostwarden/}).
 *
 * <p>Writers append under an OS lock on {@code history.lock} beside it (and a lock within this JVM,
 * since the OS lock belongs to the process), so lines of concurrent writers never interleave. The
 * file is bounded: a line that would take it past {@link #MAX_BYTES} first moves it to
 * {@code history.jsonl.1}, replacing the previous one. An observation that repeats the role's
 * previous line is not written again. Writing never fails the caller: a history that cannot be
 * written is logged and left alone. Reading takes no lock and creates nothing.
 */
public final class HistoryLog {
    /** The bound of each of the two files. */
    public static final int MAX_BYTES = PrivateFiles.MAX_BYTES;
    /** How far back from the end an append looks for the role's previous line. */
    private static final int TAIL_BYTES = 64 * 1024;
    /** How many of the role's lines a sighting looks back through for its own owner's end. */
    private static final int MAX_LOOK_BACK = 64;
    private static final ReentrantLock IN_PROCESS = new ReentrantLock();

    private final Path file;
    /** What this writer read of the file's end at its last append; used only under the locks. */
    private final HistoryTail tail = new HistoryTail(TAIL_BYTES);

    private HistoryLog(Path file) {
        this.file = file;
    }

    /** The history file of this user, from the environment. */
    public static HistoryLog forUser(Environment environment) {
        return at(environment.stateHome().resolve("hostwarden").resolve("history.jsonl"));
    }

    public static HistoryLog at(Path file) {
        return new HistoryLog(file.toAbsolutePath().normalize());
    }

    public Path file() {
        return file;
    }

    /** How many lines this writer's appends have parsed, for a test. */
    long linesParsed() {
        return tail.linesParsed();
    }

    public Path rotated() {
        return file.resolveSibling(file.getFileName() + ".1");
    }

    private Path lockFile() {
        return file.resolveSibling("history.lock");
    }

    /** Appends the event unless it repeats the role's previous line; true when a line was written. */
    public boolean append(HistoryEvent event) {
        IN_PROCESS.lock();
        try {
            if (!ensureDirectory()) {
                return false;
            }
            try (FileChannel lock = FileChannel.open(lockFile(), options(StandardOpenOption.WRITE), ownerOnly());
                    FileLock held = lock.lock()) {
                return appendLocked(event);
            }
        } catch (IOException | RuntimeException failed) {
            log().log(Level.DEBUG, "the history {0} was not written: {1}", file, failed instanceof IOException io ? IoMessages.describe(io) : failed);
            return false;
        } finally {
            IN_PROCESS.unlock();
        }
    }

    private boolean appendLocked(HistoryEvent event) throws IOException {
        byte[] line = (JsonStreams.compact(event::writeTo) + "\n").getBytes(StandardCharsets.UTF_8);
        PrivateFiles.Kind kind = PrivateFiles.kindOf(file);
        if (kind != PrivateFiles.Kind.ABSENT && kind != PrivateFiles.Kind.REGULAR) {
            // Never opened: a FIFO would block the writer, a link would lead elsewhere.
            throw new PrivateFiles.NotRegularFileException(file, PrivateFiles.typeName(file));
        }
        FileChannel channel = FileChannel.open(file, options(StandardOpenOption.READ, StandardOpenOption.WRITE), ownerOnly());
        try {
            long size = channel.size();
            List<HistoryEvent> earlier = roleTail(tail.read(channel, size), event);
            if (event.repeats(previous(event, earlier)) || event.contradictedBy(earlier)) {
                return false;
            }
            boolean rotatedNow = false;
            if (size > 0 && size + line.length > MAX_BYTES) {
                channel.close();
                Files.move(file, rotated(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                channel = FileChannel.open(file, options(StandardOpenOption.READ, StandardOpenOption.WRITE), ownerOnly());
                size = channel.size();
                rotatedNow = true;
            }
            ByteBuffer bytes = ByteBuffer.wrap(line);
            boolean torn = size > 0 && !endsWithNewline(channel, size);
            if (torn) {
                // A writer killed mid-line left it unterminated: ours starts a line of its own.
                bytes = ByteBuffer.allocate(line.length + 1).put((byte) '\n').put(line).flip();
            }
            long at = size;
            while (bytes.hasRemaining()) {
                at += channel.write(bytes, at);
            }
            if (rotatedNow || torn) {
                tail.forget();
            } else {
                tail.appended(size, line);
            }
            return true;
        } catch (IOException | RuntimeException failed) {
            tail.forget();
            throw failed;
        } finally {
            channel.close();
        }
    }

    /** The role's events among {@code lines} (the file's tail, oldest first), for the same rendezvous directory, newest first. */
    private static List<HistoryEvent> roleTail(List<HistoryEvent> lines, HistoryEvent event) {
        List<HistoryEvent> newestFirst = new ArrayList<>();
        for (int index = lines.size() - 1; index >= 0; index--) {
            HistoryEvent earlier = lines.get(index);
            if (earlier != null && earlier.role() == event.role() && Objects.equals(earlier.lockDir(), event.lockDir())) {
                newestFirst.add(earlier);
                // The previous line decides a repeat; only a sighting looks further, back to a line about its own PID
                // that is not a note of an action (a supervised start between two sightings of one owner changes nothing seen).
                if (!event.isSighting() || (Objects.equals(earlier.pid(), event.pid()) && !earlier.type().annotatesAnAction())
                        || newestFirst.size() >= MAX_LOOK_BACK) {
                    break;
                }
            }
        }
        return newestFirst;
    }

    /** The line a new one would repeat: the newest, or for a sighting the newest that is not a note of an action. */
    private static HistoryEvent previous(HistoryEvent event, List<HistoryEvent> newestFirst) {
        for (HistoryEvent earlier : newestFirst) {
            if (!event.isSighting() || !earlier.type().annotatesAnAction()) {
                return earlier;
            }
        }
        return null;
    }

    private static boolean endsWithNewline(FileChannel channel, long size) throws IOException {
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        return last.get(0) == '\n';
    }

    /**
     * The state directory: created 0700 when missing; refused when it is not a directory of this
     * user (never written into, never chmodded).
     */
    private boolean ensureDirectory() throws IOException {
        Path dir = file.getParent();
        if (!Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
            try {
                Files.createDirectory(dir, Platform.current().hasPosixPermissions() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(
                        PosixFilePermissions.fromString("rwx------"))} : new FileAttribute<?>[0]);
            } catch (FileAlreadyExistsException raced) {
                // Another writer made it first.
            }
        }
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS) || (Platform.current().hasPosixPermissions() && !PrivateFiles.ownedByCurrentUser(dir))) {
            log().log(Level.DEBUG, "the history directory {0} is not a directory of this user; the history is not written", dir);
            return false;
        }
        return true;
    }

    /** Create if missing, never through a link. */
    private static Set<OpenOption> options(StandardOpenOption... wanted) {
        Set<OpenOption> set = new HashSet<>(List.of(wanted));
        set.add(StandardOpenOption.CREATE);
        set.add(LinkOption.NOFOLLOW_LINKS);
        return set;
    }

    private static FileAttribute<?>[] ownerOnly() {
        return Platform.current().hasPosixPermissions() ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))}
                : new FileAttribute<?>[0];
    }

    /** Both files, oldest line first; creates nothing and takes no lock. */
    public HistoryRead read() {
        List<HistoryEvent> events = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (Path path : List.of(rotated(), file)) {
            readInto(path, events, skipped);
        }
        return new HistoryRead(events, skipped);
    }

    private static void readInto(Path path, List<HistoryEvent> events, List<String> skipped) {
        Optional<byte[]> bytes;
        try {
            bytes = PrivateFiles.readSmall(path);
        } catch (IOException unreadable) {
            skipped.add(path.getFileName() + ": " + IoMessages.describe(unreadable));
            return;
        }
        if (bytes.isEmpty()) {
            return;
        }
        String text = new String(bytes.get(), StandardCharsets.UTF_8);
        String[] lines = text.split("\n", -1);
        // The last element is what follows the final newline: empty, or a line still being written.
        for (int index = 0; index < lines.length - 1; index++) {
            if (lines[index].isBlank()) {
                continue;
            }
            try {
                events.add(HistoryEvent.fromJson(lines[index]));
            } catch (IOException | RuntimeException corrupt) {
                String problem = corrupt instanceof IOException ? "not JSON" : corrupt.getMessage();
                skipped.add(path.getFileName() + ":" + (index + 1) + ": " + problem);
            }
        }
    }

    /** Looked up on first use: setting up logging costs a short-lived command (a stop, a retract) about 15 ms. */
    private static System.Logger log() {
        return System.getLogger(HistoryLog.class.getName());
    }
}
