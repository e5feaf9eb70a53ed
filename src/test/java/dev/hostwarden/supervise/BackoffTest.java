package dev.hostwarden.supervise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The crash-loop brake as arithmetic, and the policy as the settings file writes it. */
class BackoffTest {
    private static final Instant T = Instant.parse("2026-12-03T12:00:00Z");

    @Test
    void theDelayDoublesFromTheInitialToTheMaximumAndAnUptimeResetsIt() {
        Backoff backoff = new Backoff(SupervisionPolicy.DEFAULT);
        List<Long> delays = new ArrayList<>();
        for (int i = 0; i < 9; i++) {
            delays.add(backoff.nextDelay().toSeconds());
        }
        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 60L, 60L, 60L), delays);
        backoff.reset();
        assertEquals(Duration.ofSeconds(1), backoff.nextDelay());
    }

    @Test
    void itGivesUpAfterTheFailedStartsWithinTheWindowNotOlderOnes() {
        Backoff backoff = new Backoff(SupervisionPolicy.DEFAULT);
        backoff.failed(T);
        for (int i = 1; i < 5; i++) {
            backoff.failed(T.plusSeconds(601 + i));
        }
        assertEquals(4, backoff.failedWithin(T.plusSeconds(606)), "the first failure left the 600 s window");
        assertFalse(backoff.givesUp(T.plusSeconds(606)));
        backoff.failed(T.plusSeconds(607));
        assertTrue(backoff.givesUp(T.plusSeconds(607)));
    }

    @Test
    void thePolicyKeepsDefaultsForMissingKeysAndNamesABadValue() throws Exception {
        ObjectMapper json = new ObjectMapper();
        SupervisionPolicy policy = SupervisionPolicy.from(json.readTree("{\"maxFailedStarts\": 3, \"backoffInitialSeconds\": 0.5}"), "here");
        assertEquals(new SupervisionPolicy(Duration.ofMillis(500), Duration.ofSeconds(60), Duration.ofSeconds(30), 3, Duration.ofSeconds(600)), policy);
        SupervisionPolicy.BadPolicyException bad = assertThrows(SupervisionPolicy.BadPolicyException.class,
                () -> SupervisionPolicy.from(json.readTree("{\"windowSeconds\": -3}"), "settings file F, role serve"));
        assertEquals("settings file F, role serve: supervise.windowSeconds must be a number of seconds from 1 to 86400, got -3", bad.getMessage());
    }
}
