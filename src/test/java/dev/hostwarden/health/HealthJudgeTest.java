package dev.hostwarden.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.report.Redactor;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime status file judged against a real live gateway owner ({@code run gateway} in a child
 * JVM): current only when it names that owner's PID and start time; anything else is retained history.
 */
class HealthJudgeTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final String TOKEN = "7001234567:AAH-the-discord-token-never-shown";

    @TempDir
    Path tmp;
    private Path home;
    private ChildProcess owner;
    private HostRendezvous rendezvous;

    @BeforeEach
    void startARealGateway() throws Exception {
        home = Files.createDirectories(tmp.resolve("home"));
        Path locks = tmp.resolve("locks");
        owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", home.toString()),
                "run", "gateway");
        assertEquals("READY role=gateway pid=" + owner.pid(), owner.readLine(DEADLINE), owner.stderr());
        rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
    }

    @AfterEach
    void end() {
        owner.close();
    }

    private Health judge(String file) throws Exception {
        Files.writeString(home.resolve("gateway_state.json"), file);
        RoleReport report = new RoleInspector(rendezvous, false).inspect(Role.GATEWAY);
        assertEquals(Verdict.LIVE, report.verdict());
        Redactor redactor = Redactor.builder().secret(TOKEN).build();
        return new HealthJudge(ProcessInspector.system(), redactor).judge(report, home).orElseThrow();
    }

    private static List<ReasonCode> codes(Health health) {
        return health.reasons().stream().map(Reason::code).toList();
    }

    @Test
    void aFileTheLiveOwnerWroteIsCurrentAndItsPlatformsAreItsHealth() throws Exception {
        long ticks = ProcessInspector.system().startTicks(owner.pid());
        Health health = judge(GatewayStateReaderTest.hermesFile(owner.pid(), ticks, "degraded", null)
                .replace("401 for token abc", "401: token " + TOKEN + " was rejected"));
        assertTrue(health.current());
        assertEquals(List.of(ReasonCode.GATEWAY_DEGRADED, ReasonCode.PLATFORM_NEEDS_ATTENTION), codes(health));
        String attention = health.reasons().get(1).message();
        assertTrue(attention.startsWith("Platform discord (profile work) needs attention: TOKEN_INVALID"), attention);
        assertFalse(attention.contains(TOKEN), "a platform's message never shows its token: " + attention);
        assertTrue(attention.contains("<secret fingerprint "), attention);
        assertEquals(1, health.needingAttention().size());
    }

    @Test
    void anotherPidOrAnotherStartTimeIsRetainedHistoryNotPresentHealth() throws Exception {
        long ticks = ProcessInspector.system().startTicks(owner.pid());
        Health otherPid = judge(GatewayStateReaderTest.hermesFile(owner.pid() + 100_000, ticks, "running", null));
        assertFalse(otherPid.current());
        assertEquals(List.of(), codes(otherPid), "a retained file's platforms are not today's problems");
        assertTrue(otherPid.needingAttention().isEmpty());
        Health reused = judge(GatewayStateReaderTest.hermesFile(owner.pid(), ticks - 5000, "running", null));
        assertFalse(reused.current(), "the same PID with another start time is another process");
        Health noStartTime = judge(GatewayStateReaderTest.hermesFile(owner.pid(), null, "running", null));
        assertTrue(noStartTime.current(), "without a start time the PID alone decides, as hermes' markers do");
    }

    @Test
    void theOperatorsIntentAndAFailedStartAreSaidFromARetainedFile() throws Exception {
        Health stopped = judge(GatewayStateReaderTest.hermesFile(1, 5L, "stopped", "stopped"));
        assertEquals(List.of(ReasonCode.STOPPED_BY_OPERATOR), codes(stopped));
        assertTrue(stopped.stoppedByOperator());
        assertTrue(stopped.reasons().get(0).message().endsWith("(retained from PID 1, which is not the live owner)"), stopped.reasons().toString());
        owner.close();
        RoleReport gone = new RoleInspector(rendezvous, false).inspect(Role.GATEWAY);
        Files.writeString(home.resolve("gateway_state.json"), GatewayStateReaderTest.hermesFile(1, 5L, "startup_failed", null)
                .replace("\"exit_reason\": null", "\"exit_reason\": \"telegram token " + TOKEN + " rejected\""));
        Health failed = new HealthJudge(ProcessInspector.system(), Redactor.builder().secret(TOKEN).build()).judge(gone, home).orElseThrow();
        assertEquals(List.of(ReasonCode.STARTUP_FAILED), codes(failed));
        assertFalse(failed.reasons().get(0).message().contains(TOKEN));
    }

    @Test
    void anUnreadableFileIsAReasonAndOtherRolesHaveNoHealth() throws Exception {
        Health unreadable = judge("{not json");
        assertEquals(List.of(ReasonCode.GATEWAY_STATE_UNREADABLE), codes(unreadable));
        RoleReport serve = new RoleInspector(rendezvous, false).inspect(Role.SERVE);
        assertTrue(new HealthJudge(ProcessInspector.system(), Redactor.builder().build()).judge(serve, home).isEmpty());
    }
}
