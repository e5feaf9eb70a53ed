package dev.hostwarden.runtime;

import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The output of the owners Hostwarden launches for a role: {@code <state>/hostwarden/<role>.log},
 * appended to by the owner itself (it outlives whoever launched it, so nothing may stand between it
 * and its file). Bounded the way logrotate's {@code copytruncate} does it: past {@link #MAX_BYTES} the
 * file is copied to {@code <role>.log.1} (replacing the previous one) and truncated; the owner's
 * appending descriptor then writes at the new end. Lines written between the copy and the truncation
 * are lost, which is the price of never pausing the owner. Reading creates nothing.
 */
public final class RoleLog {
    /** The bound of each of the two files. */
    public static final long MAX_BYTES = 1024 * 1024;
    /** How far back from the end {@link #tail} reads. */
    private static final int TAIL_BYTES = 256 * 1024;

    private final Path file;

    public RoleLog(Path file) {
        this.file = file;
    }

    /** The log of {@code role} in the state directory {@code stateHome} ({@code $XDG_STATE_HOME} or {@code ~/.local/state}). */
    public static RoleLog of(Path stateHome, Role role) {
        return new RoleLog(stateHome.resolve("hostwarden").resolve(role.wireName() + ".log"));
    }

    public Path file() {
        return file;
    }

    public Path rotated() {
        return file.resolveSibling(file.getFileName() + ".1");
    }

    /** Copies and truncates the file when it is past {@code maxBytes}; true when it did. Never follows a link. */
    public boolean rotateIfLarge(long maxBytes) throws IOException {
        if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.size(file) <= maxBytes) {
            return false;
        }
        Path copy = rotated().resolveSibling(rotated().getFileName() + ".tmp");
        Files.copy(file, copy, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
        Files.move(copy, rotated(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        try (RandomAccessFile truncate = new RandomAccessFile(file.toFile(), "rw")) {
            truncate.setLength(0);
        }
        return true;
    }

    /** {@link #rotateIfLarge(long)} at {@link #MAX_BYTES}, saying nothing when it cannot (a log is never worth a failure). */
    public void keepBounded() {
        try {
            rotateIfLarge(MAX_BYTES);
        } catch (IOException | RuntimeException ignored) {
            // The next launch or look tries again.
        }
    }

    /** The last {@code lines} lines (of this file; of the rotated one too when this one has fewer), oldest first. */
    public List<String> tail(int lines) throws IOException {
        List<String> found = new ArrayList<>(lastLines(file, lines));
        if (found.size() < lines) {
            List<String> older = lastLines(rotated(), lines - found.size());
            found.addAll(0, older);
        }
        return found;
    }

    private static List<String> lastLines(Path path, int wanted) throws IOException {
        if (wanted <= 0 || !Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS)) {
            return List.of();
        }
        byte[] bytes;
        try (RandomAccessFile in = new RandomAccessFile(path.toFile(), "r")) {
            long length = in.length();
            int read = (int) Math.min(length, TAIL_BYTES);
            bytes = new byte[read];
            in.seek(length - read);
            in.readFully(bytes);
        }
        String text = new String(bytes, StandardCharsets.UTF_8);
        List<String> all = new ArrayList<>(List.of(text.split("\\R", -1)));
        if (!all.isEmpty() && all.get(all.size() - 1).isEmpty()) {
            all.remove(all.size() - 1);
        }
        if (bytes.length == TAIL_BYTES && !all.isEmpty()) {
            all.remove(0);   // cut mid-line
        }
        return all.subList(Math.max(0, all.size() - wanted), all.size());
    }

    /** Whether there is a log to read at all. */
    public boolean exists() {
        return Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(rotated(), LinkOption.NOFOLLOW_LINKS);
    }
}
