package dev.hostwarden.core.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.HostDirTest;
import dev.hostwarden.core.HostLockChild;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Python;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringTokenizer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The Windows lock, run on Linux: child JVMs given the Windows flavour ({@code -Dhostwarden.platform=windows})
 * lock one byte at offset 1 MiB, as hermes' {@code msvcrt.locking}, and that byte excludes another
 * process. Java's byte-range lock is {@code fcntl(F_SETLK)} here, so {@code /proc/locks} shows the
 * exact range the Windows build locks with {@code LockFileEx}.
 */
@EnabledOnOs(OS.LINUX)
class WindowsFlavourLockTest extends HostDirTest {
    static final List<String> WINDOWS = List.of("-D" + Platform.FLAVOUR_PROPERTY + "=windows");
    private static final Duration START = Duration.ofSeconds(60);
    private static final Duration ANSWER = Duration.ofSeconds(30);

    private final List<ChildProcess> children = new ArrayList<>();

    @AfterEach
    void stopTheChildren() {
        for (ChildProcess child : children) {
            child.close();
        }
    }

    private ChildProcess windowsChild(String mode) throws Exception {
        ChildProcess child = ChildProcess.java(WINDOWS, HostLockChild.class.getName(), hostDir.childEnvironment(), mode);
        children.add(child);
        return child;
    }

    /** The locks {@code /proc/locks} lists on {@code file}'s inode: "TYPE PID START END" each. */
    private static List<String> procLocksOn(Path file) throws Exception {
        long inode = ((Number) Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS)).longValue();
        List<String> found = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/locks"))) {
            StringTokenizer tokens = new StringTokenizer(line);
            List<String> fields = new ArrayList<>();
            while (tokens.hasMoreTokens()) {
                fields.add(tokens.nextToken());
            }
            if (fields.size() < 8 || fields.get(1).equals("->")) {
                continue;
            }
            String[] id = fields.get(5).split(":");
            if (id.length == 3 && Long.parseLong(id[2]) == inode) {
                found.add(fields.get(1) + " " + fields.get(4) + " " + fields.get(6) + " " + fields.get(7));
            }
        }
        return found;
    }

    @Test
    void aWindowsFlavouredHolderLocksTheByteAtOneMebibyteAndExcludesAnotherProcessUntilItExits() throws Exception {
        ChildProcess holder = windowsChild("hold");
        assertEquals("held", holder.readLine(START).strip(), holder.stderr());
        Path lock = hr.lockPath(Role.GATEWAY);

        long offset = FileLocks.WINDOWS_LOCK_OFFSET;
        assertEquals(List.of("POSIX " + holder.pid() + " " + offset + " " + offset), procLocksOn(lock),
                "one byte-range lock on byte 1 MiB, and no flock: the Windows lock, not the POSIX one");
        assertTrue(Files.size(lock) < offset, "the locked byte lies past the content, which stays readable");
        Files.readAllBytes(lock);

        ChildProcess claimer = windowsChild("claim-on-demand");
        assertEquals("ready", claimer.readLine(START).strip(), claimer.stderr());
        claimer.writeLine("claim");
        assertEquals(LockOutcome.HELD_BY_OTHER.wireName(), claimer.readLine(ANSWER).strip(), claimer.stderr());

        // status in a third Windows-flavoured process sees the lock held, through its try-lock probe.
        Cli.Result status = Cli.runChildJvm(WINDOWS, Map.of(), "status", "gateway", "--json", "--lock-dir", hostDir.locks().toString());
        JsonNode lockState = status.role().path("lock");
        assertEquals("HELD", lockState.path("state").asText(), status.toString());
        assertTrue(lockState.path("holderPid").isNull(), "a try-lock cannot name the holder: " + status);

        holder.process().getOutputStream().close();
        assertEquals(0, holder.waitFor(ANSWER), holder.stderr());
        claimer.writeLine("claim");
        assertEquals(LockOutcome.ACQUIRED.wireName(), claimer.readLine(ANSWER).strip(), "the holder's exit freed the byte; " + claimer.stderr());
        assertEquals(List.of("POSIX " + claimer.pid() + " " + offset + " " + offset), procLocksOn(lock));
    }

    /**
     * hermes on Windows locks the same byte with {@code msvcrt.locking}; a Python process locking
     * byte 1 MiB by range ({@code fcntl.lockf}, this OS's equivalent) keeps the Windows flavour out.
     */
    @Test
    void aByteRangeLockAtOneMebibyteHeldByPythonKeepsTheWindowsFlavourOut() throws Exception {
        Python.Script hermes = Python.script(tmp.resolve("windows_lock.py"), String.join("\n",
                "import fcntl, os, sys",
                "path = sys.argv[1]",
                "os.makedirs(os.path.dirname(path), exist_ok=True)",
                "fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)",
                "fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, 1024 * 1024, os.SEEK_SET)",
                "print('held', flush=True)",
                "sys.stdin.read()",
                ""));
        Files.createDirectories(hostDir.locks());
        Files.setPosixFilePermissions(hostDir.locks(), PosixFilePermissions.fromString("rwx------"));
        ChildProcess python = hermes.start(hr.lockPath(Role.GATEWAY).toString());
        children.add(python);
        assertEquals("held", python.readLine(START).strip(), python.stderr());

        ChildProcess claimer = windowsChild("claim-on-demand");
        assertEquals("ready", claimer.readLine(START).strip(), claimer.stderr());
        claimer.writeLine("claim");
        assertEquals(LockOutcome.HELD_BY_OTHER.wireName(), claimer.readLine(ANSWER).strip(), claimer.stderr());

        python.process().getOutputStream().close();
        assertEquals(0, python.waitFor(ANSWER), python.stderr());
        claimer.writeLine("claim");
        assertEquals(LockOutcome.ACQUIRED.wireName(), claimer.readLine(ANSWER).strip(), claimer.stderr());
    }
}
