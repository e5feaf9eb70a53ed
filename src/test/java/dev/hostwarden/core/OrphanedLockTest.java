package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.Main;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.lock.ProcLocks;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.ControlResult;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.HermesOwnerScript;
import dev.hostwarden.testsupport.Python;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.function.ThrowingConsumer;

/**
 * Fault case 16 from the reader's side: the lock file is deleted (or replaced) under a live owner
 * that does not heal itself, such as a Python hermes. Its flock now sits on an unlinked inode, so the
 * path shows a free lock; {@code status} must not call the owner gone, and {@code retract} must not
 * delete its record and token. Real python3 owner, real files, real flock.
 */
@EnabledOnOs(OS.LINUX)
class OrphanedLockTest extends HostDirTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private Python.Script ownerScript;

    @BeforeEach
    void writeTheOwnerScript() throws IOException {
        hr.dir().ensure();
        ownerScript = HermesOwnerScript.writeTo(tmp);
    }

    @Test
    void aDeletedLockFileUnderALiveOwnerIsUnprovableAndNotRetracted() throws Throwable {
        assertALiveOwnerIsKeptAfter(Files::delete);
    }

    @Test
    void aLockFileReplacedUnderALiveOwnerIsUnprovableAndNotRetracted() throws Throwable {
        assertALiveOwnerIsKeptAfter(lock -> {
            Path replacement = Files.createFile(hostDir.locks().resolve("replacement.tmp"));
            Files.move(replacement, lock, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            assertEquals(LockState.FREE, hr.probeHostLock(Role.SERVE).state(), "nobody locks the replacement file");
        });
    }

    @Test
    void onceTheOrphanedOwnerExitsItsRecordIsStaleAndRetracted() throws Exception {
        try (ChildProcess owner = startOwner()) {
            long pid = ownerPid(owner);
            Files.delete(lockPath());
            assertEquals("UNPROVABLE", status().role().path("verdict").asText());

            owner.process().getOutputStream().close();
            assertEquals(0, owner.waitFor(DEADLINE), owner.stderr());
            assertFalse(ProcLocks.holdsOrphanedLock(pid, lockPath()), "a dead owner holds nothing");

            Cli.Result status = status();
            assertEquals(1, status.exit(), status.toString());
            assertEquals("STALE", status.role().path("verdict").asText(), status.toString());
            assertTrue(status.role().path("retractable").asBoolean(), status.toString());

            Cli.Result retract = retract(false);
            assertEquals(0, retract.exit(), retract.toString());
            assertFalse(Files.exists(hr.recordPath(Role.SERVE)), "the dead owner's record is removed");
            assertFalse(Files.exists(hr.tokenPath(Role.SERVE)), "the dead owner's token is removed");
        }
    }

    @Test
    void aNewOwnerRefusesToStartBesideAnOwnerOnADeletedLockFile() throws Exception {
        try (ChildProcess owner = startOwner()) {
            long pid = ownerPid(owner);
            Files.delete(lockPath());
            byte[] record = Files.readAllBytes(hr.recordPath(Role.SERVE));

            try (ChildProcess second = ChildProcess.java(Main.class,
                    Map.of("HERMES_GATEWAY_LOCK_DIR", hostDir.locks().toString(), "HERMES_HOME", tmp.resolve("home").toString()),
                    "run", "serve", "--port", "0")) {
                assertEquals(75, second.waitFor(DEADLINE), "no second owner beside a live one; stderr:\n" + second.stderr());
                assertTrue(second.stderr().contains("PID " + pid) && second.stderr().contains("deleted lock file"), second.stderr());
            }
            assertArrayEquals(record, Files.readAllBytes(hr.recordPath(Role.SERVE)), "the live owner's record is untouched");
            assertEquals(LockState.FREE, hr.probeHostLock(Role.SERVE).state(), "the refused starter released the new lock file");
        }
    }

    /** The advice "restart that owner" must be something Hostwarden can do: stop proves and signals it. */
    @Test
    void stopEndsAnOwnerOnADeletedLockFileAndRetractsItsFiles() throws Exception {
        try (ChildProcess owner = startOwner()) {
            long pid = ownerPid(owner);
            Files.delete(lockPath());

            ControlResult result = new RendezvousOwnerControl(hr).stop(Role.SERVE, DEADLINE, true, step -> { }, () -> false);

            assertEquals(ControlResult.Outcome.STOPPED, result.outcome(), result.message());
            assertEquals(pid, result.oldPid());
            assertNotEquals(0, owner.waitFor(DEADLINE), "the owner ended by the stop's SIGTERM");
            assertFalse(Files.exists(hr.recordPath(Role.SERVE)), "its record is retracted once it is gone");
            assertFalse(Files.exists(hr.tokenPath(Role.SERVE)), "and its token");
        }
    }

    @Test
    void holdsOrphanedLockIsFalseWhileTheLockFileIsInPlace() throws Exception {
        try (ChildProcess owner = startOwner()) {
            long pid = ownerPid(owner);
            assertFalse(ProcLocks.holdsOrphanedLock(pid, lockPath()), "the lock file is in place: nothing is orphaned");
            Files.delete(lockPath());
            assertTrue(ProcLocks.holdsOrphanedLock(pid, lockPath()));
            assertFalse(ProcLocks.holdsOrphanedLock(pid, hostDir.locks().resolve("host-gateway.lock")), "another role's path");
        }
    }

    @Test
    void holdsOrphanedLockIsFalseForAProcessHoldingNothingAndForAMissingPid() {
        Path somewhere = tmp.resolve("no-such-dir-" + UUID.randomUUID()).resolve("host-serve.lock");
        assertFalse(ProcLocks.holdsOrphanedLock(Platform.currentPid(), somewhere));
        assertFalse(ProcLocks.holdsOrphanedLock(Platform.currentPid(), lockPath()));
        assertFalse(ProcLocks.holdsOrphanedLock(Long.MAX_VALUE, lockPath()), "a PID that cannot exist");
        assertFalse(ProcLocks.holdsOrphanedLock(0, lockPath()));
        assertFalse(ProcLocks.holdsOrphanedLock(-1, lockPath()));
    }

    /** Starts a live owner, does {@code toTheLockFile} under it, and checks status, explain and retract keep it. */
    private void assertALiveOwnerIsKeptAfter(ThrowingConsumer<Path> toTheLockFile) throws Throwable {
        try (ChildProcess child = startOwner()) {
            long pid = ownerPid(child);
            Map<Path, byte[]> published = published();

            toTheLockFile.accept(lockPath());

            assertKeptAsUnprovable(pid, published);
        }
    }

    private void assertKeptAsUnprovable(long pid, Map<Path, byte[]> published) throws IOException {
        Cli.Result status = status();
        assertEquals(4, status.exit(), status.toString());
        JsonNode role = status.role();
        assertEquals("UNPROVABLE", role.path("verdict").asText(), status.toString());
        assertFalse(role.path("retractable").asBoolean(true), status.toString());
        assertTrue(role.path("retractPaths").isMissingNode() || role.path("retractPaths").isEmpty(), status.toString());
        List<String> codes = new ArrayList<>();
        String unprovable = null;
        for (JsonNode reason : role.path("reasons")) {
            codes.add(reason.path("code").asText());
            if (reason.path("code").asText().equals("UNPROVABLE")) {
                unprovable = reason.path("message").asText();
            }
        }
        assertFalse(codes.contains("LOCK_FREE_OWNER_GONE"), "the owner is alive, not gone: " + codes);
        assertTrue(unprovable != null && unprovable.contains("PID " + pid) && unprovable.contains(lockPath().toString()),
                "an UNPROVABLE reason naming the PID and the lock file:\n" + status);

        Cli.Result explain = Cli.run("explain", "--lock-dir", hostDir.locks().toString(), "serve").assertPlain();
        assertEquals(4, explain.exit(), explain.toString());
        assertTrue(explain.out().contains("would refuse: the recorded owner may be alive"), explain.toString());

        for (boolean dryRun : new boolean[] {true, false}) {
            Cli.Result retract = retract(dryRun);
            assertEquals(1, retract.exit(), retract.toString());
            JsonNode refused = retract.json().path("refused");
            assertEquals("LOCK_HELD", refused.path("code").asText(), retract.toString());
            assertTrue(refused.path("message").asText().contains("PID " + pid), retract.toString());
            assertTrue(retract.json().path("removed").isEmpty(), retract.toString());
        }
        for (Map.Entry<Path, byte[]> file : published.entrySet()) {
            assertArrayEquals(file.getValue(), Files.readAllBytes(file.getKey()), file.getKey() + " is kept byte for byte");
        }
    }

    private ChildProcess startOwner() throws IOException {
        return ownerScript.start(hostDir.locks().toString(), tmp.resolve("owner-home").toString(), "serve", "127.0.0.1",
                "orphaned-lock-test-token");
    }

    /** The owner's PID once it holds the lock and has published; the sanity check that it is LIVE now. */
    private long ownerPid(ChildProcess owner) {
        long pid = Long.parseLong(owner.readLine(DEADLINE).strip());
        assertEquals(owner.pid(), pid);
        Cli.Result status = status();
        assertEquals(0, status.exit(), status.toString());
        assertEquals("LIVE", status.role().path("verdict").asText(), status.toString());
        assertEquals(pid, status.role().path("lock").path("holderPid").asLong(), status.toString());
        return pid;
    }

    private Map<Path, byte[]> published() throws IOException {
        Path record = hr.recordPath(Role.SERVE);
        Path token = hr.tokenPath(Role.SERVE);
        assertNotEquals(0, Files.size(token));
        return Map.of(record, Files.readAllBytes(record), token, Files.readAllBytes(token));
    }

    private Path lockPath() {
        return hr.lockPath(Role.SERVE);
    }

    private Cli.Result status() {
        return Cli.run("status", "--json", "--lock-dir", hostDir.locks().toString(), "serve").assertPlain();
    }

    private Cli.Result retract(boolean dryRun) {
        List<String> args = new ArrayList<>(List.of("retract", "--json", "--lock-dir", hostDir.locks().toString()));
        if (dryRun) {
            args.add("--dry-run");
        }
        args.add("serve");
        return Cli.run(args.toArray(new String[0])).assertPlain();
    }
}
