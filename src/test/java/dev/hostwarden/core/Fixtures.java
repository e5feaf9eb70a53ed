package dev.hostwarden.core;

import dev.hostwarden.core.platform.CurrentUser;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordStore;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

/** Rendezvous directories with records, tokens and lock files in the states the tests need. */
public final class Fixtures {
    private Fixtures() {
    }

    /** A PID that named a real process a moment ago and is now reaped (so certainly not alive). */
    public static long deadPid() throws IOException, InterruptedException {
        Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }

    /** A well-formed record of this boot, protocol 1, for {@code pid} (which need not be alive). */
    public static HostRecord record(Role role, long pid, String token) {
        ProcessInspector system = ProcessInspector.system();
        return new HostRecord(role, "", pid, 1_700_000_000.25, 4242L, system.currentBootEpoch(), "", null,
                HostRecord.PROTOCOL_VERSION, Tokens.fingerprint(token), List.of("default"), "2026-01-01T00:00:00.123456+00:00");
    }

    /** Publishes a dead owner's record and its token into {@code dir} (created 0700). */
    public static HostRecord publishDead(Path dir, Role role, String token) throws IOException, InterruptedException {
        HostRecord record = record(role, deadPid(), token);
        new RecordStore(RendezvousDir.of(dir)).publish(record, token);
        return record;
    }

    /** Writes raw bytes as the role's record, as a torn or hostile writer would (dir created 0700). */
    public static Path writeRaw(Path dir, Role role, String content) throws IOException {
        return writeRaw(dir, role, content.getBytes(StandardCharsets.UTF_8));
    }

    public static Path writeRaw(Path dir, Role role, byte[] content) throws IOException {
        RendezvousDir rendezvous = RendezvousDir.of(dir);
        rendezvous.ensure();
        Files.write(rendezvous.recordPath(role), content);
        return rendezvous.recordPath(role);
    }

    /** A file's permission bits as {@code rw-------}, without following a link. */
    public static String modeOf(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.readAttributes(path,
                PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS).permissions());
    }

    /** Creates the role's lock file (free), as any earlier claimer leaves it behind. */
    public static Path lockFile(Path dir, Role role) throws IOException {
        RendezvousDir rendezvous = RendezvousDir.of(dir);
        rendezvous.ensure();
        Path lock = rendezvous.lockPath(role);
        if (!Files.exists(lock)) {
            Files.createFile(lock);
        }
        return lock;
    }

    /** A rendezvous of {@code dir} with the system's process inspector. */
    public static HostRendezvous rendezvous(Path dir) {
        return HostRendezvous.at(RendezvousDir.of(dir), ProcessInspector.system());
    }

    /** True when this process runs as root. */
    public static boolean isRoot() throws IOException {
        return CurrentUser.uid() == 0;
    }

    /** Skips the calling test loudly (printed, and a visible skip with the reason) unless running as root. */
    public static void assumeRoot(String why) throws IOException {
        if (!isRoot()) {
            String message = "SKIPPED: not running as root, so " + why + " (uid " + CurrentUser.uid() + ")";
            System.err.println(message);
            org.junit.jupiter.api.Assumptions.abort(message);
        }
    }
}
