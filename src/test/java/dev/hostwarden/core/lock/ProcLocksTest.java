package dev.hostwarden.core.lock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Python;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The /proc/locks parser, and the read-only lock probe built on it, against locks of every kind. */
class ProcLocksTest {
    private static final String SAMPLE = String.join("\n",
            "1: POSIX  ADVISORY  WRITE 1234 08:02:131073 0 EOF",
            "2: FLOCK  ADVISORY  WRITE 2345 00:2e:42 0 EOF",
            "2: -> FLOCK  ADVISORY  WRITE 3456 00:2e:42 0 EOF",
            "3: OFDLCK ADVISORY  READ  -1 fd:01:99 0 EOF",
            "4: -> POSIX  ADVISORY  WRITE 4567 00:2e:77 0 EOF",
            "5: FLOCK  ADVISORY  WRITE 5678 103:1ff:55 0 EOF",
            "6: LEASE  ACTIVE    READ  6789 00:2e:88 0 EOF",
            "garbage line",
            "7: FLOCK  ADVISORY  WRITE 7890 zz:yy:66 0 EOF",
            "");

    @Test
    void anInodeLockedOnAnotherDeviceIsAmbiguousNotFree() {
        // overlayfs: the kernel lists the upper layer's device, not the one stat() reports.
        ProcLocks.Lookup overlay = ProcLocks.lookup(SAMPLE, 0x00, 0x99, 42);
        assertEquals(OptionalLong.empty(), overlay.holder());
        assertEquals(true, overlay.ambiguous(), "the inode is locked on another device: only a try-lock can tell");

        ProcLocks.Lookup unrelated = ProcLocks.lookup(SAMPLE, 0x00, 0x2e, 4242);
        assertEquals(false, unrelated.ambiguous(), "an inode nobody locks is plainly free");
        assertEquals(false, ProcLocks.lookup(SAMPLE, 0x00, 0x2e, 77).ambiguous(), "a waiter holds nothing");
        assertEquals(OptionalLong.of(2345), ProcLocks.lookup(SAMPLE, 0x00, 0x2e, 42).holder());
    }

    @Test
    void findsTheHolderOfEachLockKind() {
        assertEquals(OptionalLong.of(1234), ProcLocks.holderOf(SAMPLE, 0x08, 0x02, 131073));
        assertEquals(OptionalLong.of(2345), ProcLocks.holderOf(SAMPLE, 0x00, 0x2e, 42));
        assertEquals(OptionalLong.of(-1), ProcLocks.holderOf(SAMPLE, 0xfd, 0x01, 99), "an OFD lock has no owning PID");
        assertEquals(OptionalLong.of(5678), ProcLocks.holderOf(SAMPLE, 0x103, 0x1ff, 55), "major and minor are hex");
        assertEquals(OptionalLong.of(6789), ProcLocks.holderOf(SAMPLE, 0x00, 0x2e, 88));
    }

    @Test
    void aWaiterIsNotAHolder() {
        assertEquals(OptionalLong.empty(), ProcLocks.holderOf(SAMPLE, 0x00, 0x2e, 77));
        String waiterFirst = "1: -> FLOCK  ADVISORY  WRITE 3456 00:2e:42 0 EOF\n1: FLOCK  ADVISORY  WRITE 2345 00:2e:42 0 EOF\n";
        assertEquals(OptionalLong.of(2345), ProcLocks.holderOf(waiterFirst, 0x00, 0x2e, 42));
    }

    @Test
    void theDeviceMustMatchAsWellAsTheInode() {
        assertEquals(OptionalLong.empty(), ProcLocks.holderOf(SAMPLE, 0x08, 0x03, 131073));
        assertEquals(OptionalLong.empty(), ProcLocks.holderOf(SAMPLE, 0x09, 0x02, 131073));
        assertEquals(OptionalLong.empty(), ProcLocks.holderOf(SAMPLE, 0x00, 0x2e, 43));
        assertEquals(OptionalLong.empty(), ProcLocks.holderOf("", 0, 0, 1));
        assertEquals(OptionalLong.empty(), ProcLocks.holderOf(SAMPLE, 0, 0, 66), "an unparsable device is skipped");
    }

    @Test
    void decodesGlibcDeviceNumbers() {
        // makedev(major, minor) as glibc encodes st_dev: small and large majors and minors.
        for (long[] pair : new long[][] {{8, 2}, {0, 0x2e}, {0xfd, 1}, {259, 0x12345}, {0x1234, 0xabcdef}}) {
            long major = pair[0];
            long minor = pair[1];
            long dev = (minor & 0xff) | ((major & 0xfff) << 8) | ((minor & ~0xffL) << 12) | ((major & ~0xfffL) << 32);
            assertEquals(major, ProcLocks.major(dev), "major of " + Long.toHexString(dev));
            assertEquals(minor, ProcLocks.minor(dev), "minor of " + Long.toHexString(dev));
        }
    }

    @Test
    void aRealFileIsFoundByItsDeviceAndInode(@TempDir Path dir) throws Exception {
        assumeTrue(Platform.current().hasProcFs(), "/proc/locks is Linux only");
        Path lock = dir.resolve("host-gateway.lock");
        try {
            assertEquals(LockOutcome.ACQUIRED, FileLocks.tryClaim("proc-locks-test", lock).outcome());
            assertEquals(OptionalLong.of(Platform.currentPid()), ProcLocks.lookup(lock).holder());
        } finally {
            FileLocks.release("proc-locks-test", lock);
        }
        assertEquals(OptionalLong.empty(), ProcLocks.lookup(lock).holder());
    }

    /** POSIX (lockf) and OFD locks of another program: held, with the holder named where the kernel names one. */
    @Test
    void theProbeSeesPosixAndOfdLocksOfAnotherProcess(@TempDir Path dir) throws Exception {
        assumeTrue(Platform.current().hasProcFs(), "/proc/locks is Linux only");
        Path lock = Files.createFile(dir.resolve("host-serve.lock"));
        try (ChildProcess holder = pythonHolding(lock, "os.O_RDWR", "fcntl.lockf(fd,fcntl.LOCK_EX|fcntl.LOCK_NB)")) {
            LockProbe probe = FileLocks.probe("serve", lock);
            assertEquals(LockState.HELD, probe.state(), probe.toString());
            assertEquals(holder.pid(), probe.holderPid());
        }
        String ofd = "fcntl.fcntl(fd,fcntl.F_OFD_SETLK,struct.pack('hhxxxxqqi4x',fcntl.F_WRLCK,0,0,0,0))";
        try (ChildProcess holder = pythonHolding(lock, "os.O_RDWR", ofd)) {
            LockProbe probe = FileLocks.probe("serve", lock);
            assertEquals(LockState.HELD, probe.state(), probe.toString());
            assertNull(probe.holderPid(), "an OFD lock names no PID: the holder is unknown, not PID -1");
        }
        Waits.until("the OFD lock to go with its process", Duration.ofSeconds(30),
                () -> FileLocks.probe("serve", lock).state() == LockState.FREE);
    }

    @Test
    void anFdinfoFileGivesItsLockLinesInProcLocksFormat() {
        String fdinfo = "pos:\t0\nflags:\t02102001\nmnt_id:\t25\nino:\t42\nlock:\t1: FLOCK  ADVISORY  WRITE 2345 00:2e:42 0 EOF\n";
        assertEquals("\t1: FLOCK  ADVISORY  WRITE 2345 00:2e:42 0 EOF\n", ProcLocks.lockLines(fdinfo));
        assertEquals(OptionalLong.of(2345), ProcLocks.holderOf(ProcLocks.lockLines(fdinfo), 0x00, 0x2e, 42));
        assertEquals("", ProcLocks.lockLines("pos:\t0\nflags:\t02\n"), "a descriptor without locks lists none");
    }

    /**
     * The PID a record names is asked first: its own descriptors name it as /proc/locks would, and a
     * PID that does not hold the lock (or is gone) leaves the answer to /proc/locks.
     */
    @Test
    void theLikelyHoldersDescriptorsNameItWithoutProcLocks(@TempDir Path dir) throws Exception {
        assumeTrue(Platform.current().hasProcFs(), "/proc is Linux only");
        Path lock = Files.createFile(dir.resolve("host-gateway.lock"));
        try (ChildProcess holder = pythonHolding(lock, "os.O_RDWR|os.O_APPEND", "fcntl.flock(fd,fcntl.LOCK_EX|fcntl.LOCK_NB)")) {
            ProcLocks.Lookup byDescriptors = ProcLocks.lookup(lock, holder.pid());
            assertEquals(OptionalLong.of(holder.pid()), byDescriptors.holder());
            assertTrue(byDescriptors.seenIn().startsWith("/proc/" + holder.pid() + "/fdinfo/"), byDescriptors.seenIn());

            ProcLocks.Lookup notThatPid = ProcLocks.lookup(lock, Platform.currentPid());
            assertEquals(OptionalLong.of(holder.pid()), notThatPid.holder(), "another PID's descriptors do not decide");
            assertEquals("/proc/locks", notThatPid.seenIn());

            LockProbe probe = FileLocks.probe("gateway", lock, holder.pid());
            assertEquals(LockState.HELD, probe.state(), probe.toString());
            assertEquals(holder.pid(), probe.holderPid());
            assertEquals(byDescriptors.seenIn() + " names PID " + holder.pid(), probe.detail());
        }
        Waits.until("the lock to go with its process", Duration.ofSeconds(30),
                () -> FileLocks.probe("gateway", lock).state() == LockState.FREE);
        ProcLocks.Lookup gone = ProcLocks.lookup(lock, 999_999_999L);
        assertEquals(OptionalLong.empty(), gone.holder(), "a PID that is gone holds nothing");
        assertEquals("/proc/locks", gone.seenIn());
    }

    /** A python process that took the lock {@code script} takes on {@code lock} (the script prints READY, then waits). */
    /** A python process that opens {@code lock} with {@code openFlags}, locks descriptor {@code fd} with {@code lockCall}, and waits. */
    private static ChildProcess pythonHolding(Path lock, String openFlags, String lockCall) throws Exception {
        String script = "import fcntl,os,struct,sys\nfd=os.open(sys.argv[1]," + openFlags + ")\n" + lockCall + "\n"
                + "print('READY',flush=True)\nsys.stdin.read()\n";
        ChildProcess holder = ChildProcess.start(List.of(Python.python3(), "-c", script, lock.toString()), Map.of());
        try {
            assertEquals("READY", holder.readLine(Duration.ofSeconds(30)));
            return holder;
        } catch (AssertionError | RuntimeException notReady) {
            holder.close();
            throw notReady;
        }
    }
}
