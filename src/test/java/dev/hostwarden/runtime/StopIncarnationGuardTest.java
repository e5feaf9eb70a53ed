package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.process.ProcessSignals;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.PatchedProcessInspector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code stop} re-proves the owner's incarnation right before every signal: when the PID's start
 * ticks no longer match what was proven, nothing is sent. The owner is a real process; this test
 * holds the host lock and publishes the record naming it, and an inspector reports changed ticks
 * from a chosen step on.
 */
@EnabledOnOs(OS.LINUX)
class StopIncarnationGuardTest {
    @TempDir
    Path tmp;

    private final AtomicBoolean ticksChanged = new AtomicBoolean();
    private final ProcessInspector real = ProcessInspector.system();
    private HostRendezvous rendezvous;
    private ChildProcess owner;

    /** The real inspector, except that the owner's start ticks read differently once {@link #ticksChanged} is set. */
    private final ProcessInspector changing = PatchedProcessInspector.of(real).withStartTicks(pid -> {
        Long ticks = real.startTicks(pid);
        // Not a ternary: "cond ? ticks + 5000 : ticks" is a long, which unboxes a null (gone) reading.
        if (ticks == null || !ticksChanged.get() || pid != owner.pid()) {
            return ticks;
        }
        return ticks + 5000;
    });

    private static final class RecordingSignaller implements Signaller {
        final List<String> sent = new CopyOnWriteArrayList<>();

        @Override
        public boolean terminate(long pid) {
            sent.add("TERM");
            return ProcessSignals.terminate(pid);
        }

        @Override
        public boolean kill(long pid) {
            sent.add("KILL");
            return ProcessSignals.kill(pid);
        }
    }

    @BeforeEach
    void setUp() {
        rendezvous = HostRendezvous.at(RendezvousDir.of(tmp.resolve("locks")), changing);
    }

    @AfterEach
    void tearDown() throws Exception {
        rendezvous.releaseHostLock(Role.GATEWAY);
        if (owner != null) {
            owner.close();
        }
    }

    /** A live gateway owner: {@code command} runs, this JVM holds the lock, the record names the child. */
    private void startOwner(String... command) throws Exception {
        owner = ChildProcess.start(List.of(command), Map.of());
        assertTrue(rendezvous.claimHostLock(Role.GATEWAY).acquired());
        long pid = owner.pid();
        String token = Tokens.newToken();
        HostRecord record = rendezvous.ownRecord(Role.GATEWAY, "", null, List.of(), token, tmp.resolve("home").toString())
                .withPid(pid).withStartTime(real.startTicks(pid)).withCreateTime(real.createTime(pid));
        rendezvous.store().publish(record, token);
    }

    private ControlResult stop(RecordingSignaller signaller, Duration timeout, ControlStep.Kind changeTicksAt) {
        return new RendezvousOwnerControl(rendezvous).withSignaller(signaller).stop(Role.GATEWAY, timeout, true, step -> {
            if (step.kind() == changeTicksAt) {
                ticksChanged.set(true);
            }
        }, () -> false);
    }

    @Test
    void sigtermIsSentToTheProvenOwner() throws Exception {
        startOwner("sleep", "60");
        RecordingSignaller signaller = new RecordingSignaller();

        ControlResult result = stop(signaller, Duration.ofSeconds(20), null);

        assertEquals(List.of("TERM"), signaller.sent);
        assertEquals(ControlResult.Outcome.STOPPED, result.outcome(), result.message());
        owner.waitFor(Duration.ofSeconds(10));
    }

    @Test
    void noSigtermWhenTheStartTicksChangedAfterTheProof() throws Exception {
        startOwner("sleep", "60");
        RecordingSignaller signaller = new RecordingSignaller();

        stop(signaller, Duration.ofSeconds(2), ControlStep.Kind.MARKER_WRITTEN);

        assertEquals(List.of(), signaller.sent, "a PID whose start ticks changed is never signalled");
        assertTrue(owner.process().isAlive(), "the process that now has the PID is untouched");
    }

    @Test
    void escalationKillsTheProvenOwnerThatIgnoresSigterm() throws Exception {
        startOwner("sh", "-c", "trap '' TERM; exec sleep 60");
        RecordingSignaller signaller = new RecordingSignaller();

        ControlResult result = stop(signaller, Duration.ofMillis(1500), null);

        assertEquals(List.of("TERM", "KILL"), signaller.sent);
        assertEquals(ControlResult.Outcome.STOPPED, result.outcome(), result.message());
        assertEquals(137, owner.waitFor(Duration.ofSeconds(10)), "ended by SIGKILL");
    }

    @Test
    void noEscalationWhenTheStartTicksChangedWhileWaiting() throws Exception {
        startOwner("sh", "-c", "trap '' TERM; exec sleep 60");
        RecordingSignaller signaller = new RecordingSignaller();

        stop(signaller, Duration.ofMillis(1500), ControlStep.Kind.DRAINING);

        assertEquals(List.of("TERM"), signaller.sent, "SIGKILL is never sent to a PID whose start ticks changed");
        assertTrue(owner.process().isAlive(), "the process that now has the PID is untouched");
    }

    /** reliability.md case 27: an embedder's own HostOwner is never signalled by its own stop. */
    @Test
    void stopNeverSignalsTheProcessItRunsIn() {
        assertTrue(rendezvous.claimHostLock(Role.GATEWAY).acquired());
        HostRecord own = rendezvous.publishRecord(Role.GATEWAY, "", null, List.of(), Tokens.newToken(), tmp.resolve("home").toString());
        assertNotNull(own);
        // Records without delivering: should the guard ever break, the test fails instead of the test JVM dying.
        List<String> sent = new CopyOnWriteArrayList<>();
        Signaller recordOnly = new Signaller() {
            @Override
            public boolean terminate(long pid) {
                return sent.add("TERM " + pid);
            }

            @Override
            public boolean kill(long pid) {
                return sent.add("KILL " + pid);
            }
        };

        ControlResult result = new RendezvousOwnerControl(rendezvous).withSignaller(recordOnly)
                .stop(Role.GATEWAY, Duration.ofSeconds(2), true, step -> { }, () -> false);

        assertEquals(ControlResult.Outcome.FAILED, result.outcome(), result.message());
        assertTrue(result.message().contains("this process"), result.message());
        assertEquals(List.of(), sent);
        assertTrue(Files.exists(rendezvous.recordPath(Role.GATEWAY)), "its own record stays");
        assertFalse(Files.exists(PlannedStopMarker.pathFor(tmp.resolve("home"))), "no marker for itself either");
    }
}
