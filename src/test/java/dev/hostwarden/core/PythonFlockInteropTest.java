package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Python;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A Python hermes and this program must exclude each other on the same host lock: hermes takes
 * {@code fcntl.flock(LOCK_EX | LOCK_NB)} on {@code host-gateway.lock}, and a Java FileChannel lock
 * (fcntl record lock) would be invisible to it on Linux. Real python3 children, real flock.
 */
@DisabledOnOs(OS.WINDOWS)
class PythonFlockInteropTest extends HostDirTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    /** hermes' way of taking the host lock: open in append mode, then a non-blocking exclusive flock. */
    private static final String FLOCK_CHILD = String.join("\n",
            "import errno, fcntl, os, sys",
            "path, mode = sys.argv[1], sys.argv[2]",
            "fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)",
            "if mode == 'hold':",
            "    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)",
            "    print(os.getpid(), flush=True)",
            "    sys.stdin.readline()  # hold until the test says so (or our stdin closes)",
            "else:",
            "    try:",
            "        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)",
            "    except OSError as refused:",
            "        print('blocked', errno.errorcode.get(refused.errno, refused.errno), flush=True)",
            "    else:",
            "        print('acquired', flush=True)",
            "");

    private Python.Script script;

    @BeforeEach
    void writeTheFlockChild() throws IOException {
        hr.dir().ensure();
        script = Python.script(tmp.resolve("flock_child.py"), FLOCK_CHILD);
    }

    @Test
    void aPythonFlockHolderIsHeldByOtherUntilItExits() throws Exception {
        try (ChildProcess holder = flockChild("hold")) {
            holder.readLine(DEADLINE);
            assertEquals(LockOutcome.HELD_BY_OTHER, hr.claimHostLock(Role.GATEWAY).outcome());
            assertEquals(LockState.HELD, hr.probeHostLock(Role.GATEWAY).state());

            holder.writeLine("release");
            assertEquals(0, holder.waitFor(DEADLINE), holder.stderr());
        }
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.GATEWAY).outcome());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void theProbeNamesThePythonHolder() throws Exception {
        try (ChildProcess holder = flockChild("hold")) {
            long pythonPid = Long.parseLong(holder.readLine(DEADLINE).strip());
            LockProbe probe = hr.probeHostLock(Role.GATEWAY);
            assertEquals(LockState.HELD, probe.state());
            assertEquals(pythonPid, probe.holderPid(), probe.detail());
        }
    }

    @Test
    void pythonCannotFlockWhileJavaHolds() throws Exception {
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.GATEWAY).outcome());
        String refused = tryFlockFromPython();
        assertTrue(refused.startsWith("blocked"), "python took the lock Java holds: " + refused);

        // The control: the same attempt succeeds once Java lets go, so the refusal was our lock.
        hr.releaseHostLock(Role.GATEWAY);
        assertEquals("acquired", tryFlockFromPython());
    }

    /**
     * reliability.md, core cases 2 and 4 to 7, and Java pitfall 3: what Java code in the owning JVM does
     * with the lock file (claim again, probe, open and close it, an interrupted channel on it, a GC
     * storm) never drops the lock. A FileChannel lock would be gone after the first close of any
     * descriptor of the file; our flock sits on a descriptor nothing else in the JVM uses.
     */
    @Test
    void nothingJavaDoesWithTheLockFileInTheOwningJvmDropsTheLock() throws Exception {
        Path lock = hr.lockPath(Role.GATEWAY);
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.GATEWAY).outcome());
        try {
            assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.GATEWAY).outcome(), "a second claim is idempotent");
            assertTrue(hr.probeHostLock(Role.GATEWAY).ownedByThisProcess(), "the probe answers from the registry");
            for (int i = 0; i < 3; i++) {
                Files.readAllBytes(lock);
                try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    channel.size();
                }
                new FileInputStream(lock.toFile()).close();
            }
            Thread reader = new Thread(() -> {
                try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.READ)) {
                    Thread.currentThread().interrupt();
                    channel.read(ByteBuffer.allocate(16));
                } catch (IOException closedByInterrupt) {
                    // Expected: the interrupt closes this channel, and only this one.
                }
            });
            reader.start();
            reader.join(DEADLINE.toMillis());
            for (int i = 0; i < 5; i++) {
                System.gc();
            }

            String attempt = tryFlockFromPython();
            assertTrue(attempt.startsWith("blocked"), "python took the lock after Java touched the file: " + attempt);
        } finally {
            hr.releaseHostLock(Role.GATEWAY);
        }
        assertEquals("acquired", tryFlockFromPython(), "the control: released, python gets it");
    }

    private String tryFlockFromPython() throws Exception {
        try (ChildProcess attempt = flockChild("try")) {
            String answer = attempt.readLine(DEADLINE).strip();
            assertEquals(0, attempt.waitFor(DEADLINE), attempt.stderr());
            return answer;
        }
    }

    private ChildProcess flockChild(String mode) throws IOException {
        return script.start(hr.lockPath(Role.GATEWAY).toString(), mode);
    }
}
