package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Eight real JVMs race for one role, fifty times: exactly one ACQUIRED per round (reliability
 * catalogue item 1). The children start once; each round the parent writes {@code claim} to every
 * stdin (the barrier: each child blocks on that line), collects every answer, then has the winner
 * release and acknowledge before the next round.
 */
class HostLockRaceTest extends HostDirTest {
    private static final int CLAIMERS = 8;
    private static final int ROUNDS = 50;
    /** Eight JVMs starting on two shared cores: generous, it bounds a hang, not a speed. */
    private static final Duration START_DEADLINE = Duration.ofSeconds(90);
    private static final Duration ANSWER_DEADLINE = Duration.ofSeconds(30);
    private static final String ACQUIRED = LockOutcome.ACQUIRED.wireName();
    private static final Set<String> OUTCOMES = Set.of(ACQUIRED, LockOutcome.HELD_BY_OTHER.wireName());

    private final List<ChildProcess> claimers = new ArrayList<>();

    @AfterEach
    void stopTheClaimers() throws InterruptedException {
        for (ChildProcess claimer : claimers) {
            claimer.close();
        }
    }

    @Test
    void exactlyOneOfEightChildJvmsAcquiresTheRoleInEachOfFiftyRounds() throws Exception {
        for (int i = 0; i < CLAIMERS; i++) {
            claimers.add(ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "claim-on-demand"));
        }
        for (ChildProcess claimer : claimers) {
            assertEquals("ready", claimer.readLine(START_DEADLINE).strip());
        }
        for (int round = 1; round <= ROUNDS; round++) {
            for (ChildProcess claimer : claimers) {
                claimer.writeLine("claim");
            }
            List<String> answers = new ArrayList<>();
            List<ChildProcess> winners = new ArrayList<>();
            for (ChildProcess claimer : claimers) {
                String answer = claimer.readLine(ANSWER_DEADLINE).strip();
                answers.add(answer);
                if (answer.equals(ACQUIRED)) {
                    winners.add(claimer);
                }
            }
            String where = "round " + round + ", answers " + answers;
            assertTrue(OUTCOMES.containsAll(answers), where);
            assertEquals(1, winners.size(), where);

            ChildProcess winner = winners.get(0);
            LockProbe probe = hr.probeHostLock(Role.GATEWAY);
            assertEquals(LockState.HELD, probe.state(), where);
            if (probe.holderPid() != null) {
                assertEquals(winner.pid(), probe.holderPid(), where + ": the kernel names another holder");
            }
            winner.writeLine("release");
            assertEquals("released", winner.readLine(ANSWER_DEADLINE).strip(), where);
        }
    }

    /**
     * reliability.md case 35: cleaners racing over one dead record. Whoever wins the lock removes the
     * files; the others find nothing or are refused by the winner's lock. Never an error, and every
     * file is removed exactly once.
     */
    @Test
    void concurrentRetractsOfADeadRecordRemoveEachFileExactlyOnce() throws Exception {
        for (int i = 0; i < 4; i++) {
            claimers.add(ChildProcess.java(HostLockChild.class, hostDir.childEnvironment(), "claim-on-demand"));
        }
        for (ChildProcess claimer : claimers) {
            assertEquals("ready", claimer.readLine(START_DEADLINE).strip());
        }
        for (int round = 1; round <= 20; round++) {
            Fixtures.publishDead(hostDir.locks(), Role.GATEWAY, "dead-owner-token");
            for (ChildProcess claimer : claimers) {
                claimer.writeLine("retract");
            }
            List<String> answers = new ArrayList<>();
            int removed = 0;
            for (ChildProcess claimer : claimers) {
                String[] answer = claimer.readLine(ANSWER_DEADLINE).strip().split(" ");
                answers.add(String.join(" ", answer));
                assertTrue(Set.of("REMOVED", "NOTHING", "REFUSED").contains(answer[0]), "round " + round + ": " + answers);
                removed += Integer.parseInt(answer[1]);
            }
            assertEquals(2, removed, "round " + round + ": the record and the token, each once: " + answers);
            assertFalse(Files.exists(hr.recordPath(Role.GATEWAY)), "round " + round);
            assertFalse(Files.exists(hr.tokenPath(Role.GATEWAY)), "round " + round);
        }
    }
}
