package dev.hostwarden.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.EtcdServer;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two machines on one: two `hostwarden run serve` owners with their own lock directories, homes and
 * host names, sharing a real etcd. Deadlines here are generous bounds on waiting, not performance
 * goals; the takeover times are measured in src/bench/fleet-takeover.sh.
 */
class FleetLeaseTest {
    private static final int TTL = 3;
    private static final Duration PATIENCE = Duration.ofSeconds(TTL + 20);

    @TempDir
    Path temp;
    private EtcdServer etcd;

    @BeforeEach
    void startEtcd() throws Exception {
        etcd = EtcdServer.start(temp);
    }

    @AfterEach
    void stopEtcd() throws Exception {
        if (etcd != null) {
            etcd.close();
        }
    }

    /** No lock directory or fleet inherited from the environment the tests run in. */
    private static Map<String, String> cleanEnv() {
        Map<String, String> env = new HashMap<>();
        env.put("HERMES_GATEWAY_LOCK_DIR", null);
        env.put("HOSTWARDEN_FLEET", null);
        env.put("HOSTWARDEN_SETTINGS", "/nonexistent/hostwarden-test-settings.json");
        return env;
    }

    private ChildProcess owner(String machine, boolean standby) throws Exception {
        Map<String, String> env = cleanEnv();
        env.put("HOSTWARDEN_FLEET_HOSTNAME", machine);
        env.put("XDG_STATE_HOME", temp.resolve(machine + "-state").toString());
        String[] args = {"run", "serve", "--lock-dir", temp.resolve(machine + "-locks").toString(), "--home", temp.resolve(machine + "-home").toString(),
            "--fleet", etcd.url(), "--fleet-ttl", Integer.toString(TTL), standby ? "--wait" : "--poll-interval=0.5"};
        return ChildProcess.java(Main.class, env, args);
    }

    /** beta on --wait, started once alpha serves, returned once it has seen alpha's key. */
    private ChildProcess standbyAfter(ChildProcess alpha) throws Exception {
        assertTrue(ready(alpha));
        ChildProcess beta = owner("beta", true);
        Waits.until("beta standing by", PATIENCE, () -> beta.stderr().contains("standing by: the fleet lease"));
        return beta;
    }

    private static boolean ready(ChildProcess owner) {
        return owner.awaitLine(line -> line.startsWith("READY"), PATIENCE).startsWith("READY");
    }

    @Test
    void onlyOneMachineServesAndTheOtherIsToldWho() throws Exception {
        try (ChildProcess alpha = owner("alpha", false)) {
            assertTrue(ready(alpha));
            try (ChildProcess beta = owner("beta", false)) {
                assertEquals(75, beta.waitFor(PATIENCE));
                assertTrue(beta.stderr().contains("held by host alpha PID " + alpha.pid()), beta.stderr());
            }
            String record = Files.readString(temp.resolve("alpha-locks/host-serve.json"));
            assertTrue(record.matches(".*\"fleetRevision\":[1-9][0-9]*}.*"), "the fencing revision is published: " + record);
        }
    }

    @Test
    void aStandbyTakesOverAfterTheHolderIsKilled() throws Exception {
        try (ChildProcess alpha = owner("alpha", false); ChildProcess beta = standbyAfter(alpha)) {
            alpha.kill();
            assertTrue(ready(beta), "beta takes over once alpha's lease expires");
        }
    }

    @Test
    void aCleanStopRevokesTheLeaseSoTheKeyIsFreeAtOnce() throws Exception {
        try (ChildProcess alpha = owner("alpha", false)) {
            assertTrue(ready(alpha));
            alpha.process().destroy();   // SIGTERM: the owner drains and revokes its lease
            alpha.waitFor(PATIENCE);
            // Without the revoke the key would stay for up to the TTL.
            EtcdClient client = new EtcdClient(FleetConfig.parse(etcd.url(), null, TTL), Duration.ofSeconds(2));
            assertTrue(client.get("/hostwarden/v1/serve/serve").isEmpty(), "the key went with the clean stop");
        }
        try (ChildProcess alpha = owner("alpha", false); ChildProcess beta = standbyAfter(alpha)) {
            alpha.process().destroy();
            alpha.waitFor(PATIENCE);
            assertTrue(ready(beta), "the standby takes the freed key");
        }
    }

    @Test
    void aFrozenEtcdStopsTheHolderBeforeItsLeaseCouldExpireAndNeverTwoServe() throws Exception {
        try (ChildProcess alpha = owner("alpha", false); ChildProcess beta = standbyAfter(alpha)) {
            etcd.signal("STOP");
            // alpha gives up at its own deadline; etcd, frozen, can hand the key to nobody meanwhile.
            assertEquals(75, alpha.waitFor(PATIENCE));
            long alphaGone = System.nanoTime();
            assertTrue(alpha.stderr().contains("was not renewed"), alpha.stderr());
            assertFalse(beta.stderr().contains("READY"), "no takeover while etcd is frozen");
            etcd.signal("CONT");
            assertTrue(ready(beta));
            assertTrue(System.nanoTime() > alphaGone, "beta became READY only after alpha stopped serving");
        }
    }

    @Test
    void anEtcdKilledAndRestartedEndsTheHolderAndTheStandbyTakesOverAfter() throws Exception {
        try (ChildProcess alpha = owner("alpha", false); ChildProcess beta = standbyAfter(alpha)) {
            etcd.kill();
            assertEquals(75, alpha.waitFor(PATIENCE));
            etcd.restart();
            assertTrue(ready(beta));
        }
    }

    @Test
    void aWrongEndpointIsOneLineAndExit78() throws Exception {
        Map<String, String> env = cleanEnv();
        env.put("XDG_STATE_HOME", temp.resolve("state").toString());
        try (ChildProcess owner = ChildProcess.java(Main.class, env, "run", "serve", "--lock-dir", temp.resolve("locks").toString(),
                "--home", temp.resolve("home").toString(), "--fleet", "http://127.0.0.1:1")) {
            assertEquals(78, owner.waitFor(PATIENCE));
            assertEquals("hostwarden: fleet: cannot reach the fleet's etcd (http://127.0.0.1:1: connection refused)", owner.stderr().strip());
        }
    }

    private ChildProcess credentialed(String user, String password) throws Exception {
        Map<String, String> env = cleanEnv();
        env.put("HOSTWARDEN_FLEET_USER", user);
        env.put("HOSTWARDEN_FLEET_PASSWORD", password);
        env.put("XDG_STATE_HOME", temp.resolve("state").toString());
        return ChildProcess.java(Main.class, env, "run", "serve", "--lock-dir", temp.resolve("locks").toString(),
                "--home", temp.resolve("home").toString(), "--fleet", etcd.url(), "--fleet-ttl", Integer.toString(TTL));
    }

    @Test
    void badCredentialsAreOneLineAndExit78AndTheRightOnesServe() throws Exception {
        try (ChildProcess noAuth = credentialed("root", "pw")) {
            assertEquals(78, noAuth.waitFor(PATIENCE));
            assertEquals("hostwarden: fleet: " + etcd.url() + ": a fleet user (root) is configured but this etcd has authentication disabled;"
                    + " remove the user or enable authentication in etcd", noAuth.stderr().strip());
        }
        etcd.enableAuth("pw");
        try (ChildProcess wrong = credentialed("root", "not-the-password")) {
            assertEquals(78, wrong.waitFor(PATIENCE));
            String stderr = wrong.stderr().strip();
            assertEquals(1, stderr.lines().count(), stderr);
            assertTrue(stderr.contains("refused user 'root'") && !stderr.contains("not-the-password"), stderr);
        }
        try (ChildProcess right = credentialed("root", "pw")) {
            assertTrue(ready(right), right.stderr());
        }
    }

    private ChildProcess explainOnBeta(String... extra) throws Exception {
        Map<String, String> env = cleanEnv();
        env.put("HOSTWARDEN_FLEET_HOSTNAME", "beta");
        List<String> args = new ArrayList<>(List.of("explain", "serve", "--lock-dir",
                temp.resolve("beta-locks").toString(), "--fleet", etcd.url()));
        args.addAll(List.of(extra));
        return ChildProcess.java(Main.class, env, args.toArray(String[]::new));
    }

    @Test
    void explainOnAMachineWithoutAnOwnerNamesTheFleetHolder() throws Exception {
        try (ChildProcess alpha = owner("alpha", false)) {
            assertTrue(ready(alpha));
            String holder = "host alpha PID " + alpha.pid();
            try (ChildProcess explain = explainOnBeta()) {
                String reason = explain.awaitLine(line -> line.contains("FLEET_HELD_ELSEWHERE"), PATIENCE);
                assertTrue(reason.contains(holder), reason);
                String lease = explain.awaitLine(line -> line.startsWith("  lease:"), PATIENCE);
                assertTrue(lease.contains("HELD_ELSEWHERE /hostwarden/v1/serve/serve: " + holder), lease);
                String newOwner = explain.awaitLine(line -> line.startsWith("  a new owner:"), PATIENCE);
                assertTrue(newOwner.contains("exit 75") && newOwner.contains(holder), newOwner);
                assertEquals(0, explain.waitFor(PATIENCE), "someone in the fleet owns the role: " + explain.stderr());
            }
            try (ChildProcess json = explainOnBeta("--json")) {
                StringBuilder text = new StringBuilder();
                json.awaitLine(line -> text.append(line.strip()).length() > 0 && line.equals("}"), PATIENCE);
                String document = text.toString().replace("\" : ", "\":");
                assertTrue(document.contains("\"state\":\"HELD_ELSEWHERE\"") && document.contains("\"host\":\"alpha\"")
                        && document.contains("FLEET_HELD_ELSEWHERE"), document);
                assertEquals(0, json.waitFor(PATIENCE), json.stderr());
            }
            assertFalse(Files.exists(temp.resolve("beta-locks")) && Files.list(temp.resolve("beta-locks")).findAny().isPresent(),
                    "explain writes nothing");
        }
    }

    @Test
    void theSettingsFileConfiguresTheFleetWhenNoOptionOrVariableDoes() throws Exception {
        etcd.enableAuth("pw");
        Path password = Files.writeString(temp.resolve("etcd-password"), "pw\n");
        Path settings = Files.writeString(temp.resolve("settings.json"), "{\"fleet\": {\"endpoints\": [\"" + etcd.url() + "\"], \"scope\": \"bot\","
                + " \"ttlSeconds\": " + TTL + ", \"user\": \"root\", \"passwordFile\": \"" + password + "\"}}");
        Map<String, String> env = cleanEnv();
        env.put("HOSTWARDEN_FLEET_USER", null);
        env.put("HOSTWARDEN_SETTINGS", settings.toString());
        env.put("XDG_STATE_HOME", temp.resolve("state").toString());
        try (ChildProcess owner = ChildProcess.java(Main.class, env, "run", "serve", "--lock-dir", temp.resolve("locks").toString(),
                "--home", temp.resolve("home").toString())) {
            assertTrue(ready(owner), owner.stderr());
            EtcdClient client = new EtcdClient(FleetConfig.parse(etcd.url(), null, TTL).withCredentials("root", "pw"), Duration.ofSeconds(2));
            assertTrue(client.get("/hostwarden/v1/bot/serve").isPresent(), "the settings file's scope names the key; owner stderr:\n" + owner.stderr());
        }
        Files.writeString(settings, "{\"fleet\": {\"endpoints\": \"" + etcd.url() + "\"}}");
        try (ChildProcess owner = ChildProcess.java(Main.class, env, "run", "serve", "--lock-dir", temp.resolve("locks").toString(),
                "--home", temp.resolve("home").toString())) {
            assertEquals(78, owner.waitFor(PATIENCE));
            assertEquals("hostwarden: settings file " + settings + ": \"fleet\".\"endpoints\" must be a non-empty array of etcd URLs, got \""
                    + etcd.url() + "\"", owner.stderr().strip());
        }
    }

    @Test
    void plainStatusHonoursTheFleetVariable() throws Exception {
        try (ChildProcess alpha = owner("alpha", false)) {
            assertTrue(ready(alpha));
            Map<String, String> env = cleanEnv();
            env.put("HOSTWARDEN_FLEET", etcd.url());
            try (ChildProcess status = ChildProcess.java(Main.class, env, "status", "serve", "--lock-dir", temp.resolve("beta-locks").toString())) {
                String fleet = status.awaitLine(line -> line.startsWith("  fleet"), PATIENCE);
                assertTrue(fleet.contains("HELD_ELSEWHERE") && fleet.contains("host alpha PID " + alpha.pid()), fleet);
                assertEquals(0, status.waitFor(PATIENCE), "someone in the fleet owns the role: " + status.stderr());
            }
        }
    }

    @Test
    void plainStatusHonoursTheSettingsFilesFleet() throws Exception {
        try (ChildProcess alpha = owner("alpha", false)) {
            assertTrue(ready(alpha));
            Map<String, String> env = cleanEnv();
            Path settings = Files.writeString(temp.resolve("settings.json"), "{\"fleet\": {\"endpoints\": [\"" + etcd.url() + "\"]}}");
            env.put("HOSTWARDEN_SETTINGS", settings.toString());
            try (ChildProcess status = ChildProcess.java(Main.class, env, "status", "serve", "--lock-dir", temp.resolve("beta-locks").toString())) {
                String fleet = status.awaitLine(line -> line.startsWith("  fleet"), PATIENCE);
                assertTrue(fleet.contains("HELD_ELSEWHERE") && fleet.contains("host alpha PID " + alpha.pid()), fleet);
                assertEquals(0, status.waitFor(PATIENCE), status.stderr());
            }
        }
    }

    @Test
    void aStopFromAnotherMachineIsAPlannedStopThroughTheStopKey() throws Exception {
        try (ChildProcess alpha = owner("alpha", false)) {
            assertTrue(ready(alpha));
            Map<String, String> env = cleanEnv();
            env.put("HOSTWARDEN_FLEET", etcd.url());
            env.put("XDG_STATE_HOME", temp.resolve("beta-state").toString());
            try (ChildProcess stop = ChildProcess.java(Main.class, env, "stop", "serve", "--lock-dir", temp.resolve("beta-locks").toString(),
                    "--timeout", "20")) {
                assertEquals(0, stop.waitFor(PATIENCE), stop.stderr());
                assertTrue(stop.readLine(PATIENCE).startsWith("stopped serve: host alpha PID " + alpha.pid()));
            }
            assertEquals(0, alpha.waitFor(PATIENCE), "a planned stop, no signal: " + alpha.stderr());
            try (ChildProcess again = ChildProcess.java(Main.class, Map.of("HOSTWARDEN_FLEET", etcd.url()), "stop", "serve",
                    "--lock-dir", temp.resolve("beta-locks").toString())) {
                assertEquals(3, again.waitFor(PATIENCE), "nobody left to stop: " + again.stderr());
            }
        }
    }
}
