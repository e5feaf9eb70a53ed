package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordStore;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * issue 21: a live process holds the host lock and is the recorded PID, but the record names another
 * incarnation of that PID (a wrong start time, another boot's id). It is not exiting, so the words
 * must not say "it is stopping" (OWNER_EXITING): they say what was seen, that the lock holder is the
 * recorded PID but not the recorded incarnation. The verdict stays UNPROVABLE and retract refuses.
 */
@EnabledOnOs(OS.LINUX) // the holder is named from /proc/locks
class HolderOfAnotherIncarnationTest extends HostDirTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    private JsonNode statusWithRecord(ChildProcess holder, UnaryOperator<HostRecord> wrong) throws Exception {
        HostRecord record = Fixtures.record(Role.GATEWAY, holder.pid(), "holder-token")
                .withCreateTime(null).withStartTime(ProcessInspector.system().startTicks(holder.pid()));
        new RecordStore(RendezvousDir.of(hostDir.locks())).publish(wrong.apply(record), "holder-token");
        Cli.Result result = Cli.run("status", "--json", "--lock-dir", hostDir.locks().toString(), "gateway").assertPlain();
        assertEquals(4, result.exit(), result.toString());
        return result.role();
    }

    private static List<String> codes(JsonNode role) {
        List<String> codes = new ArrayList<>();
        role.path("reasons").forEach(reason -> codes.add(reason.path("code").asText()));
        return codes;
    }

    private static String messageOf(JsonNode role, String code) {
        for (JsonNode reason : role.path("reasons")) {
            if (reason.path("code").asText().equals(code)) {
                return reason.path("message").asText();
            }
        }
        throw new AssertionError("no " + code + " reason in " + role);
    }

    private void assertSaysWhatWasSeen(JsonNode role, long pid, String incarnationCode) {
        assertEquals("UNPROVABLE", role.path("verdict").asText(), role.toString());
        assertEquals(pid, role.path("lock").path("holderPid").asLong());
        List<String> codes = codes(role);
        assertFalse(codes.contains("OWNER_EXITING"), "the holder is not exiting: " + codes);
        assertTrue(codes.contains(incarnationCode), codes.toString());
        String seen = messageOf(role, "HOLDER_NOT_RECORDED_INCARNATION");
        assertTrue(seen.contains("PID " + pid) && seen.contains("recorded PID") && seen.contains("not the recorded incarnation"), seen);
        assertFalse(seen.contains("stopping") || seen.contains("exited"), seen);
        assertFalse(role.path("retractable").asBoolean(), "the lock is held: retract would refuse");
    }

    @Test
    void aLiveHolderWhoseRecordCarriesAnotherStartTimeIsNotCalledExiting() throws Exception {
        try (ChildProcess holder = ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "hold")) {
            assertEquals("held", holder.readLine(DEADLINE).strip());
            JsonNode role = statusWithRecord(holder, record -> record.withStartTime(record.startTime() + 100_000));
            assertSaysWhatWasSeen(role, holder.pid(), "START_TICKS_MISMATCH");
        }
    }

    @Test
    void aLiveHolderWhoseRecordNamesAnotherBootIsNotCalledExiting() throws Exception {
        try (ChildProcess holder = ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "hold")) {
            assertEquals("held", holder.readLine(DEADLINE).strip());
            JsonNode role = statusWithRecord(holder, record -> record.withBootEpoch("00000000-0000-4000-8000-000000000000:1"));
            assertSaysWhatWasSeen(role, holder.pid(), "OTHER_BOOT");
        }
    }
}
