package dev.hostwarden.core.profiles;

import static dev.hostwarden.core.profiles.ProfileHomesOnDisk.profile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Python;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real {@code run gateway} owner child answering identify and rescan-profiles, and a python3
 * process holding one profile's gateway.lock with hermes' flock, as a standalone gateway would.
 */
@EnabledOnOs(OS.LINUX)
class ProfilesWithLiveGatewaysTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    /** hermes' standalone gateway, as far as its home's lock goes: flock gateway.lock, write the PID record into it. */
    private static final String STANDALONE = String.join("\n",
            "import fcntl, json, os, sys",
            "home = sys.argv[1]",
            "fd = os.open(os.path.join(home, 'gateway.lock'), os.O_RDWR | os.O_CREAT, 0o600)",
            "fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)",
            "os.ftruncate(fd, 0)",
            "os.write(fd, json.dumps({'pid': os.getpid(), 'kind': 'hermes-gateway', 'argv': ['hermes'], 'start_time': None,",
            "                         'hermes_home': home}).encode())",
            "os.fsync(fd)",
            "print(os.getpid(), flush=True)",
            "sys.stdin.readline()",
            "");

    @TempDir
    Path tmp;
    Path root;
    Path locks;
    HostRendezvous rendezvous;

    @BeforeEach
    void homes() throws Exception {
        root = Files.createDirectories(tmp.resolve("hermes"));
        locks = tmp.resolve("locks");
        rendezvous = ProfileHomesOnDisk.rendezvous(locks);
    }

    private ChildProcess gateway(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("run", "gateway", "--lock-dir", locks.toString(), "--home", root.toString()));
        args.addAll(List.of(extra));
        ChildProcess child = ChildProcess.java(Main.class, Map.of(), args.toArray(String[]::new));
        assertEquals("READY role=gateway pid=" + child.pid(), child.readLine(DEADLINE), child.stderr());
        return child;
    }

    private Map<String, ProfileState> scan() {
        return new ProfileScan(rendezvous).scan(root).profiles().stream()
                .collect(Collectors.toMap(ProfileState::name, Function.identity()));
    }

    @Test
    void theOwnerServesEveryHomeItFindsAndAPythonStandaloneIsNamedAndProven() throws Exception {
        profile(root, "work");
        Path solo = profile(root, "solo");
        Python.Script script = Python.script(tmp.resolve("standalone.py"), STANDALONE);
        try (ChildProcess owner = gateway(); ChildProcess standalone = script.start(solo.toString())) {
            long standalonePid = Long.parseLong(standalone.readLine(DEADLINE).strip());
            ProfilesReport report = new ProfileScan(rendezvous).scan(root);
            assertTrue(report.owner().answered(), report.owner().why());
            assertEquals(owner.pid(), report.owner().pid());
            assertEquals(List.of("default", "solo", "work"), report.owner().served());
            Map<String, ProfileState> states = scan();
            assertEquals(Boolean.TRUE, states.get("default").served());
            assertNull(states.get("default").standalone(), "the owner's own gateway.lock is not a standalone gateway");
            StandaloneGateway beside = states.get("solo").standalone();
            assertNotNull(beside, "python holds solo's gateway.lock");
            assertEquals(standalonePid, beside.pid());
            assertTrue(beside.proven(), beside.why());
            assertNull(states.get("work").standalone());
        }
    }

    @Test
    void rescanProfilesPicksUpANewHomeAndRepublishesWithTheSameToken() throws Exception {
        profile(root, "work");
        try (ChildProcess owner = gateway()) {
            HostRecord first = rendezvous.readRecord(Role.GATEWAY, false);
            assertEquals(List.of("default", "work"), first.profiles());
            profile(root, "fresh");
            assertEquals(Boolean.FALSE, scan().get("fresh").served(), "not served before the owner rescans");
            assertTrue(ProfileActions.rescanPreview(GatewayOwnerView.inspect(rendezvous, root, ControlSocket.DEFAULT_TIMEOUT))
                    .startsWith("Rescan profiles: asks the gateway owner PID " + owner.pid()));

            ProfileRescan.Result result = ProfileRescan.run(rendezvous, root, ControlSocket.DEFAULT_TIMEOUT, ProfileRescan.RESCAN_TIMEOUT);

            assertEquals(ProfileRescan.Outcome.ANSWERED, result.outcome(), result.why());
            assertEquals(List.of("default", "work"), result.before());
            assertEquals(List.of("default", "fresh", "work"), result.after());
            HostRecord republished = rendezvous.readRecord(Role.GATEWAY, false);
            assertEquals(List.of("default", "fresh", "work"), republished.profiles());
            assertEquals(first.tokenFingerprint(), republished.tokenFingerprint(), "same token");
            assertEquals(first.pid(), republished.pid());
            assertEquals(Boolean.TRUE, scan().get("fresh").served());
        }
    }

    @Test
    void withProfilesGivenTheListStaysAsGiven() throws Exception {
        profile(root, "work");
        try (ChildProcess owner = gateway("--profiles", "default")) {
            profile(root, "fresh");
            ProfileRescan.Result result = ProfileRescan.run(rendezvous, root, ControlSocket.DEFAULT_TIMEOUT, ProfileRescan.RESCAN_TIMEOUT);
            assertEquals(ProfileRescan.Outcome.ANSWERED, result.outcome(), result.why());
            assertEquals(List.of("default"), result.after());
            assertEquals(List.of("default"), rendezvous.readRecord(Role.GATEWAY, false).profiles());
            Map<String, ProfileState> states = scan();
            assertEquals(Boolean.TRUE, states.get("default").served());
            assertFalse(states.get("work").served());
        }
    }

    @Test
    void withoutAnOwnerRescanSaysSoAndSendsNothing() {
        ProfileRescan.Result result = ProfileRescan.run(rendezvous, root, ControlSocket.DEFAULT_TIMEOUT, ProfileRescan.RESCAN_TIMEOUT);
        assertEquals(ProfileRescan.Outcome.NO_OWNER, result.outcome());
        assertTrue(result.why().startsWith("no live gateway owner"), result.why());
    }
}
