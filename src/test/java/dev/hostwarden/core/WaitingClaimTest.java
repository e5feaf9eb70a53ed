package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * A claim that waits for a busy role ({@code run --wait}) must not freeze the rest of the process's
 * locks: SIGTERM's exit cleanup still releases what the process holds, and the process still exits.
 */
@EnabledOnOs(OS.LINUX) // the child's blocked flock is observed in /proc/locks
class WaitingClaimTest extends HostDirTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @Test
    void sigtermEndsAProcessBlockedInAWaitingClaim() throws Exception {
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.SERVE).outcome());
        try (ChildProcess child = ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "hold-gateway-and-wait-for-serve")) {
            assertEquals("held", child.readLine(DEADLINE).strip());
            Path serveLock = hr.lockPath(Role.SERVE);
            Waits.until("the child blocks in flock on " + serveLock, DEADLINE, () -> waitsInFlock(child.pid(), serveLock));

            child.process().destroy(); // SIGTERM
            child.waitFor(DEADLINE);
        }
        assertEquals(LockOutcome.ACQUIRED, hr.claimHostLock(Role.GATEWAY).outcome(), "gateway host lock not released");
    }

    /** Whether /proc/locks lists {@code pid} as a blocked waiter ("->") on {@code file}'s inode. */
    private static boolean waitsInFlock(long pid, Path file) {
        try {
            long inode = ((Number) Files.getAttribute(file, "unix:ino", LinkOption.NOFOLLOW_LINKS)).longValue();
            for (String line : Files.readAllLines(Path.of("/proc/locks"), StandardCharsets.US_ASCII)) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length > 6 && fields[1].equals("->") && fields[5].equals(Long.toString(pid))
                        && fields[6].endsWith(":" + inode)) {
                    return true;
                }
            }
            return false;
        } catch (IOException unreadable) {
            return false;
        }
    }
}
