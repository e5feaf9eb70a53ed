package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * issue 21: a fleet endpoint whose port is out of range is a malformed endpoint like any other: one
 * plain line naming it, exit 78, and nothing claimed or published. It was exit 70, "unexpected
 * failure: java.lang.IllegalArgumentException: port out of range:99999", after the host lock was taken.
 */
class MalformedFleetEndpointTest {
    @TempDir
    Path tmp;

    private void assertMalformed(CliChild.Result result, String endpoint) {
        assertEquals(78, result.code(), result.toString());
        assertEquals(1, result.err().lines().count(), "one line: " + result);
        assertTrue(result.err().startsWith("hostwarden: ") && result.err().contains("'" + endpoint + "'"), "names the endpoint: " + result);
        assertFalse(result.err().contains("Exception") || result.err().contains("unexpected"), "plain words: " + result);
    }

    @Test
    void aPortOutOfRangeIsOneLineAndExit78BeforeAnythingIsClaimed() throws Exception {
        Path locks = tmp.resolve("locks");
        Map<String, String> env = Map.of("XDG_STATE_HOME", tmp.resolve("state").toString(), "HERMES_HOME", tmp.resolve("home").toString());
        for (String endpoint : new String[] {"http://127.0.0.1:99999", "http://127.0.0.1:0", "https://etcd.example:65536"}) {
            assertMalformed(CliChild.run(tmp, env, "run", "gateway", "--lock-dir", locks.toString(), "--fleet", endpoint), endpoint);
            assertFalse(Files.exists(locks.resolve("host-gateway.json")), "no record was published for " + endpoint);
        }
        assertMalformed(CliChild.run(tmp, env, "status", "gateway", "--lock-dir", locks.toString(), "--fleet", "http://127.0.0.1:99999"),
                "http://127.0.0.1:99999");
    }
}
