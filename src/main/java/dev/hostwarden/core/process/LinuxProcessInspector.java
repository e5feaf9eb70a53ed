package dev.hostwarden.core.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.StringTokenizer;

/** Process identity from {@code /proc}: raw start ticks, zombie state, {@code btime} and boot_id. */
public final class LinuxProcessInspector implements ProcessInspector {
    /** USER_HZ: the unit of /proc start ticks, 100 on every Linux that hermes runs on. */
    public static final double CLOCK_TICKS_PER_SECOND = 100.0;

    private final Path proc;
    /** Read once: neither the boot id nor init's start can change while this process lives. */
    private volatile String bootEpoch;

    public LinuxProcessInspector() {
        this(Path.of("/proc"));
    }

    LinuxProcessInspector(Path proc) {
        this.proc = proc;
    }

    /** The two fields of {@code /proc/<pid>/stat} we need, parsed after the last ')'. */
    record Stat(char state, long startTicks) {
        static Stat parse(String line) throws IOException {
            int close = line.lastIndexOf(')');
            if (close < 0) {
                throw new IOException("unexpected /proc stat format");
            }
            // After ')' the fields start at field 3 (state); field 22 (starttime) is the 20th.
            // A tokenizer rather than a regex split: compiling a regex costs status's start-up.
            StringTokenizer fields = new StringTokenizer(line.substring(close + 1));
            if (fields.countTokens() < 20) {
                throw new IOException("unexpected /proc stat format");
            }
            char state = fields.nextToken().charAt(0);
            for (int skipped = 0; skipped < 18; skipped++) {
                fields.nextToken();
            }
            return new Stat(state, Long.parseLong(fields.nextToken()));
        }
    }

    Stat stat(long pid) throws IOException {
        return Stat.parse(Files.readString(proc.resolve(Long.toString(pid)).resolve("stat"), StandardCharsets.US_ASCII));
    }

    @Override
    public PresenceProbe presence(long pid) {
        try {
            Stat stat = stat(pid);
            if (stat.state() == 'Z' || stat.state() == 'X') {
                return new PresenceProbe(Presence.DEAD, "PID " + pid + " is a zombie (state " + stat.state() + ")");
            }
            return new PresenceProbe(Presence.ALIVE, "PID " + pid + " exists (state " + stat.state() + ")");
        } catch (NoSuchFileException missing) {
            return absent(pid);
        } catch (AccessDeniedException denied) {
            return new PresenceProbe(Presence.UNKNOWN, "permission denied reading /proc/" + pid);
        } catch (IOException | RuntimeException unreadable) {
            // A process reaped while its stat file is read fails the read (ESRCH), not the open.
            if (Files.notExists(proc.resolve(Long.toString(pid)), LinkOption.NOFOLLOW_LINKS)) {
                return absent(pid);
            }
            return new PresenceProbe(Presence.UNKNOWN, "cannot read /proc/" + pid + "/stat");
        }
    }

    /** No /proc entry for the PID: dead, unless /proc hides other users' processes. */
    private PresenceProbe absent(long pid) {
        if (procHidesOtherUsers()) {
            return new PresenceProbe(Presence.UNKNOWN, "/proc is mounted with hidepid: PID " + pid + " may be hidden");
        }
        return new PresenceProbe(Presence.DEAD, "no process with PID " + pid);
    }

    private boolean procHidesOtherUsers() {
        try {
            for (String line : Files.readAllLines(proc.resolve("self").resolve("mountinfo"))) {
                if (line.contains(" /proc ") && line.matches(".*\\bhidepid=(1|2|invisible|noaccess)\\b.*")) {
                    return true;
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return false;
        }
        return false;
    }

    @Override
    public Long startTicks(long pid) {
        try {
            return stat(pid).startTicks();
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
    }

    @Override
    public Double createTime(long pid) {
        Long ticks = startTicks(pid);
        Double boot = bootTime();
        return ticks == null || boot == null ? null : boot + ticks / CLOCK_TICKS_PER_SECOND;
    }

    @Override
    public Double bootTime() {
        try {
            for (String line : Files.readAllLines(proc.resolve("stat"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("btime ")) {
                    return Double.parseDouble(line.substring(6).trim());
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return null;
        }
        return null;
    }

    @Override
    public String currentBootEpoch() {
        String known = bootEpoch;
        if (known == null) {
            known = readBootEpoch();
            if (!known.isEmpty()) {
                bootEpoch = known;
            }
        }
        return known;
    }

    private String readBootEpoch() {
        String bootId;
        try {
            bootId = Files.readString(proc.resolve("sys/kernel/random/boot_id"), StandardCharsets.US_ASCII).strip();
        } catch (IOException | RuntimeException unreadable) {
            return "";
        }
        if (bootId.isEmpty()) {
            return "";
        }
        Long initTicks = startTicks(1);
        return initTicks == null ? bootId : bootId + ":" + initTicks;
    }
}
