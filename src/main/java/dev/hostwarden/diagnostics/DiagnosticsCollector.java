package dev.hostwarden.diagnostics;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.doctor.Doctor;
import dev.hostwarden.doctor.DoctorContext;
import dev.hostwarden.health.GatewayStateReader;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.report.KnownSecrets;
import dev.hostwarden.report.Redactor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Gathers a diagnostics bundle for the command line and (later) the panel alike: doctor, history,
 * the lock directory listing, the records, the {@code /proc/locks} lines of the lock files, versions,
 * the panel's log tail and, when asked, the owners' log tails. The caller adds what it renders
 * itself (status, explain). Reads only; the secrets it reads (token files, .env values, secret
 * environment values) are used to redact and never added.
 */
public final class DiagnosticsCollector {
    /** How much of the end of a log is kept. */
    static final int LOG_TAIL_BYTES = 64 * 1024;

    private final HostRendezvous rendezvous;
    private final Environment environment;
    private final Path hermesHome;

    public DiagnosticsCollector(HostRendezvous rendezvous, Environment environment, Path hermesHome) {
        this.rendezvous = rendezvous;
        this.environment = environment;
        this.hermesHome = hermesHome;
    }

    /** Everything that must not appear in the bundle, and the home directory to hide. */
    public Redactor redactor() {
        return KnownSecrets.of(rendezvous, environment, hermesHome).home(environment.realHome()).home(System.getProperty("user.home")).build();
    }

    /** A bundle with every entry this collector makes; the caller may add more before writing it. */
    public DiagnosticsBundle collect(boolean includeLogs) {
        DiagnosticsBundle bundle = new DiagnosticsBundle(redactor());
        bundle.add("doctor.json", JsonTrees.pretty(Doctor.examine(DoctorContext.of(rendezvous, environment)).toJson()));
        addHistory(bundle);
        bundle.add("lock-dir.txt", listing(rendezvous.dir().path()));
        for (Role role : Role.values()) {
            addFile(bundle, "records/host-" + role.wireName() + ".json", rendezvous.dir().recordPath(role), "no " + role + " record");
            bundle.leaveOut("host-" + role.wireName() + ".token", "a token is a secret; the record carries its fingerprint");
        }
        addGatewayStates(bundle);
        addProcLocks(bundle);
        bundle.add("versions.json", JsonTrees.pretty(versions()));
        Path stateDir = environment.stateHome().resolve("hostwarden");
        addTail(bundle, "logs/panel.log", stateDir.resolve("panel.log"), "the panel keeps no log file here (its messages go to stderr)");
        addSupervisors(bundle, stateDir.resolve("supervisors"));
        for (Role role : Role.values()) {
            String name = "logs/" + role.wireName() + ".log";
            if (includeLogs) {
                addTail(bundle, name, stateDir.resolve(role.wireName() + ".log"), "no owner log (written when restart launches an owner)");
            } else {
                bundle.leaveOut(name, "owner logs only with --include-logs");
            }
        }
        return bundle;
    }

    /**
     * Each home's runtime status as the gateway wrote it ("Ready" while a platform is down is asked about
     * with these in hand); platform messages may quote tokens, which the bundle's redaction removes.
     */
    private void addGatewayStates(DiagnosticsBundle bundle) {
        for (ProfileHomes.Home home : ProfileHomes.list(hermesHome).homes()) {
            Path file = home.home().resolve(GatewayStateReader.FILE_NAME);
            if (Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                addFile(bundle, "homes/" + home.name() + "/" + GatewayStateReader.FILE_NAME, file, "no runtime status");
            }
        }
    }

    /** What each supervisor published (a record whose supervisor is gone says so by its lock being free: see status.json). */
    private static void addSupervisors(DiagnosticsBundle bundle, Path dir) {
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (var files = Files.list(dir)) {
            for (Path file : files.filter(path -> path.getFileName().toString().endsWith(".json")).sorted().limit(32).toList()) {
                addFile(bundle, "supervisors/" + file.getFileName(), file, "no supervision record");
            }
        } catch (IOException unreadable) {
            bundle.leaveOut("supervisors/", dir + " " + IoMessages.describe(unreadable));
        }
    }

    private void addHistory(DiagnosticsBundle bundle) {
        HistoryLog history = HistoryLog.forUser(environment);
        addFile(bundle, "history/history.jsonl.1", history.rotated(), "no rotated history");
        addFile(bundle, "history/history.jsonl", history.file(), "no ownership history recorded");
    }

    private static void addFile(DiagnosticsBundle bundle, String name, Path file, String whenAbsent) {
        try {
            Optional<byte[]> bytes = PrivateFiles.readSmall(file);
            if (bytes.isPresent()) {
                bundle.add(name, bytes.get());
            } else {
                bundle.leaveOut(name, whenAbsent + " (" + file + ")");
            }
        } catch (IOException unreadable) {
            bundle.leaveOut(name, file + " " + IoMessages.describe(unreadable));
        }
    }

    /** The last {@link #LOG_TAIL_BYTES} of a log, from the start of a line. */
    private static void addTail(DiagnosticsBundle bundle, String name, Path file, String whenAbsent) {
        try {
            PrivateFiles.Kind kind = PrivateFiles.kindOf(file);
            if (kind == PrivateFiles.Kind.ABSENT) {
                bundle.leaveOut(name, whenAbsent);
                return;
            }
            if (kind != PrivateFiles.Kind.REGULAR) {
                bundle.leaveOut(name, file + " is " + PrivateFiles.typeName(file) + " (not opened)");
                return;
            }
            try (SeekableByteChannel channel = Files.newByteChannel(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
                long size = channel.size();
                long from = Math.max(0, size - LOG_TAIL_BYTES);
                ByteBuffer buffer = ByteBuffer.allocate((int) (size - from));
                channel.position(from);
                while (buffer.hasRemaining() && channel.read(buffer) > 0) {
                    // keep reading
                }
                String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
                if (from > 0 && text.indexOf('\n') >= 0) {
                    text = text.substring(text.indexOf('\n') + 1);
                }
                bundle.add(name, text);
            }
        } catch (IOException unreadable) {
            bundle.leaveOut(name, file + " " + IoMessages.describe(unreadable));
        }
    }

    /** Names, sizes, modes, owners and times of the lock directory's entries; nothing is opened. */
    static String listing(Path dir) {
        StringBuilder text = new StringBuilder(dir + "\n");
        if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            return text.append(Files.exists(dir, LinkOption.NOFOLLOW_LINKS) ? "(not a directory)\n" : "(does not exist)\n").toString();
        }
        List<Path> entries = new ArrayList<>();
        entries.add(dir);
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(entries::add);
        } catch (IOException unreadable) {
            return text.append("(cannot be listed: ").append(IoMessages.describe(unreadable)).append(")\n").toString();
        }
        entries.subList(1, entries.size()).sort(null);
        for (Path entry : entries) {
            text.append(describe(entry, entry == dir ? "." : entry.getFileName().toString())).append('\n');
        }
        return text.toString();
    }

    private static String describe(Path entry, String name) {
        try {
            if (!Platform.current().hasPosixPermissions()) {
                return name + "  " + Files.size(entry) + " bytes  " + Files.getLastModifiedTime(entry, LinkOption.NOFOLLOW_LINKS);
            }
            Map<String, Object> unix = new TreeMap<>(Files.readAttributes(entry, "unix:mode,uid,gid,size,lastModifiedTime,ino", LinkOption.NOFOLLOW_LINKS));
            String type = Files.isSymbolicLink(entry) ? "link -> " + Files.readSymbolicLink(entry)
                    : Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS) ? "dir" : Files.isRegularFile(entry, LinkOption.NOFOLLOW_LINKS) ? "file" : "special";
            return String.format("%s  %s  %s  uid %s gid %s  %s bytes  inode %s  modified %s", name, type,
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(entry, LinkOption.NOFOLLOW_LINKS)), unix.get("uid"), unix.get("gid"),
                    unix.get("size"), unix.get("ino"), unix.get("lastModifiedTime"));
        } catch (IOException | RuntimeException unreadable) {
            return name + "  (cannot be read: " + unreadable.getMessage() + ")";
        }
    }

    /** The {@code /proc/locks} lines whose inode is one of the lock directory's files. */
    private void addProcLocks(DiagnosticsBundle bundle) {
        if (!Platform.current().hasProcFs()) {
            bundle.leaveOut("proc-locks.txt", "only Linux has /proc/locks");
            return;
        }
        List<String> inodes = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(rendezvous.dir().path())) {
            for (Path entry : stream) {
                inodes.add(String.valueOf(Files.getAttribute(entry, "unix:ino", LinkOption.NOFOLLOW_LINKS)));
            }
        } catch (IOException unreadable) {
            bundle.leaveOut("proc-locks.txt", "the lock directory cannot be listed: " + IoMessages.describe(unreadable));
            return;
        }
        try {
            StringBuilder lines = new StringBuilder("# /proc/locks lines of the lock directory's files (by inode)\n");
            for (String line : Files.readAllLines(Path.of("/proc/locks"), StandardCharsets.US_ASCII)) {
                for (String field : line.trim().split("\\s+")) {
                    int last = field.lastIndexOf(':');
                    if (field.indexOf(':') != last && last > 0 && inodes.contains(field.substring(last + 1))) {
                        lines.append(line).append('\n');
                        break;
                    }
                }
            }
            bundle.add("proc-locks.txt", lines.toString());
        } catch (IOException unreadable) {
            bundle.leaveOut("proc-locks.txt", "/proc/locks cannot be read: " + IoMessages.describe(unreadable));
        }
    }

    private ObjectNode versions() {
        ObjectNode versions = JsonTrees.object();
        String version = DiagnosticsCollector.class.getPackage().getImplementationVersion();
        versions.put("hostwarden", version == null ? "development build" : version);
        versions.put("java", System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
        versions.put("os", Platform.osVersion());
        for (String name : List.of("XDG_CURRENT_DESKTOP", "XDG_SESSION_TYPE", "DESKTOP_SESSION")) {
            versions.put(name, environment.get(name).orElse(""));
        }
        return versions;
    }
}
