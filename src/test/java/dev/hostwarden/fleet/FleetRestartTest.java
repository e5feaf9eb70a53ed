package dev.hostwarden.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.EtcdServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code restart ROLE --fleet} on a real etcd, two "machines" on one (own lock directories and host
 * names): refused where another machine holds the role; on the holder's machine the relaunched owner
 * takes the fleet lease again with the fleet the restart was given.
 */
class FleetRestartTest {
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    private Map<String, String> env(String machine) {
        Map<String, String> env = new HashMap<>();
        env.put("HERMES_GATEWAY_LOCK_DIR", null);
        env.put("HOSTWARDEN_FLEET", null);
        env.put("HOSTWARDEN_FLEET_SCOPE", null);
        env.put("HOSTWARDEN_FLEET_TTL", null);
        env.put("HOSTWARDEN_SETTINGS", null);
        env.put("XDG_CONFIG_HOME", temp.resolve(machine + "-config").toString());
        env.put("HOSTWARDEN_FLEET_HOSTNAME", machine);
        env.put("XDG_STATE_HOME", temp.resolve(machine + "-state").toString());
        return env;
    }

    private String locks(String machine) {
        return temp.resolve(machine + "-locks").toString();
    }

    private ChildProcess hostwarden(String machine, String... args) throws Exception {
        return ChildProcess.java(Main.class, env(machine), args);
    }

    private String status(String machine, String url) throws Exception {
        try (ChildProcess status = hostwarden(machine, "status", "serve", "--lock-dir", locks(machine), "--fleet", url, "--fleet-scope", "bot")) {
            return status.awaitLine(line -> line.strip().startsWith("fleet ") && line.contains("/hostwarden/v1/"), PATIENCE);
        }
    }

    @Test
    void restartIsRefusedWhereAnotherMachineHoldsTheRoleAndRetakesTheLeaseOnTheHoldersMachine() throws Exception {
        try (EtcdServer etcd = EtcdServer.start(Files.createDirectories(temp.resolve("etcd")));
             ChildProcess alpha = hostwarden("alpha", "run", "serve", "--lock-dir", locks("alpha"), "--home", temp.resolve("alpha-home").toString(),
                     "--fleet", etcd.url(), "--fleet-scope", "bot", "--fleet-ttl", "5")) {
            assertTrue(alpha.awaitLine(line -> line.startsWith("READY"), PATIENCE).startsWith("READY"), alpha.stderr());

            try (ChildProcess beta = hostwarden("beta", "restart", "serve", "--lock-dir", locks("beta"), "--fleet", etcd.url(), "--fleet-scope", "bot",
                    "--timeout", "20")) {
                assertEquals(1, beta.waitFor(PATIENCE), beta.stderr());
                assertTrue(beta.stderr().contains("held in the fleet by host alpha PID " + alpha.pid()) && beta.stderr().contains("nothing was stopped"),
                        beta.stderr());
                assertEquals(1, beta.stderr().strip().lines().count(), beta.stderr());
            }
            assertTrue(alpha.process().isAlive(), "the holder on the other machine is untouched");

            try (ChildProcess restart = hostwarden("alpha", "restart", "serve", "--lock-dir", locks("alpha"), "--fleet", etcd.url(), "--fleet-scope", "bot",
                    "--fleet-ttl", "5", "--timeout", "30")) {
                assertEquals(0, restart.waitFor(PATIENCE), restart.stderr());
            }
            String after = status("alpha", etcd.url());
            assertTrue(after.contains("HELD_HERE /hostwarden/v1/bot/serve") && after.contains("host alpha"), after);
            assertTrue(!after.contains("PID " + alpha.pid() + ","), "a new owner holds the lease: " + after);
            String fromBeta = status("beta", etcd.url());
            assertTrue(fromBeta.contains("HELD_ELSEWHERE /hostwarden/v1/bot/serve"), fromBeta);
        } finally {
            try (ChildProcess stop = hostwarden("alpha", "stop", "serve", "--lock-dir", locks("alpha"), "--timeout", "20")) {
                stop.waitFor(PATIENCE);
            }
        }
    }
}
