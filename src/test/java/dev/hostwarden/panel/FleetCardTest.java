package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hostwarden.Main;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.PanelFleet;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
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
 * The role cards' fleet line on a real etcd, with a real {@code run serve --fleet} owner on another
 * "machine" (its own lock directory and host name). The view-models run with inline executors.
 */
class FleetCardTest {
    @TempDir
    Path temp;

    private PanelModel model(Path lockDir) {
        return new PanelModel(Fixtures.context(lockDir, temp.resolve("hermes"), null, Runnable::run, Runnable::run));
    }

    private ChildProcess owner(String machine, String etcdUrl) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HERMES_GATEWAY_LOCK_DIR", null);
        env.put("HOSTWARDEN_FLEET", null);
        env.put("HOSTWARDEN_SETTINGS", "/nonexistent/hostwarden-test-settings.json");
        env.put("HOSTWARDEN_FLEET_HOSTNAME", machine);
        env.put("XDG_STATE_HOME", temp.resolve(machine + "-state").toString());
        return ChildProcess.java(Main.class, env, "run", "serve", "--lock-dir", temp.resolve(machine + "-locks").toString(),
                "--home", temp.resolve(machine + "-home").toString(), "--fleet", etcdUrl);
    }

    @Test
    void aRoleHeldOnAnotherMachineReadsHeldElsewhereNamingThatHostAndItsOwnMachineReadsHeldHere() throws Exception {
        try (EtcdServer etcd = EtcdServer.start(Files.createDirectories(temp.resolve("etcd")));
             ChildProcess alpha = owner("alpha", etcd.url())) {
            assertTrue(alpha.awaitLine(line -> line.startsWith("READY"), Duration.ofSeconds(30)).startsWith("READY"), alpha.stderr());

            PanelModel here = model(temp.resolve("here-locks"));
            here.useFleet(PanelFleet.of(etcd.url()));
            here.refresh();
            RoleCardModel serve = here.card(Role.SERVE);
            String line = serve.fleetLineProperty().get();
            assertTrue(line.startsWith("Fleet: HELD_ELSEWHERE /hostwarden/v1/") && line.contains("host alpha PID " + alpha.pid())
                    && line.contains(" · revision ") && line.endsWith(" s left"), line);
            assertEquals(Verdict.NO_OWNER, serve.verdictProperty().get(), "the host verdict is the host's");
            assertTrue(serve.snapshotProperty().get().report().hasReason(ReasonCode.FLEET_HELD_ELSEWHERE));

            PanelModel onAlpha = model(temp.resolve("alpha-locks"));
            onAlpha.useFleet(PanelFleet.of(etcd.url()));
            onAlpha.refresh();
            String alphaLine = onAlpha.card(Role.SERVE).fleetLineProperty().get();
            assertTrue(alphaLine.startsWith("Fleet: HELD_HERE /hostwarden/v1/") && alphaLine.contains("host alpha"), alphaLine);
            assertEquals(Verdict.LIVE, onAlpha.card(Role.SERVE).verdictProperty().get());

            PanelModel fromFile = model(temp.resolve("here-locks"));
            fromFile.useFleet(PanelFleet.fromSettings("settings file S",
                    new ObjectMapper().readTree("{\"endpoints\": [\"" + etcd.url() + "\"]}")));
            fromFile.refresh();
            assertTrue(fromFile.card(Role.SERVE).fleetLineProperty().get().startsWith("Fleet: HELD_ELSEWHERE"), "the settings file's fleet reads the same");

            PanelModel plain = model(temp.resolve("here-locks"));
            plain.refresh();
            assertEquals("", plain.card(Role.SERVE).fleetLineProperty().get(), "no fleet configured: no line");
        }
    }

    @Test
    void anUnreachableFleetIsSaidSoAndNeverNoOwner() throws Exception {
        PanelModel here = model(temp.resolve("locks"));
        here.useFleet(PanelFleet.of("http://127.0.0.1:1"));
        here.refresh();
        RoleCardModel serve = here.card(Role.SERVE);
        assertTrue(serve.fleetLineProperty().get().startsWith("Fleet: UNREACHABLE /hostwarden/v1/"), serve.fleetLineProperty().get());
        assertTrue(serve.snapshotProperty().get().report().hasReason(ReasonCode.FLEET_UNREACHABLE));
    }
}
