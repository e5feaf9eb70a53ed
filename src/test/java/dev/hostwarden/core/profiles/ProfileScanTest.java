package dev.hostwarden.core.profiles;

import static dev.hostwarden.core.profiles.ProfileHomesOnDisk.marker;
import static dev.hostwarden.core.profiles.ProfileHomesOnDisk.profile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.Role;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** One scan of real homes on disk: every home listed, each bad input its own state with a reason, nothing written. */
@DisabledOnOs(OS.WINDOWS)
class ProfileScanTest {
    /** A bound for a scan that must never hang (a FIFO opened blocking, a silent socket without a timeout); not a speed goal. */
    private static final Duration NEVER_HANGS = Duration.ofSeconds(30);
    private static final long DEAD_PID = 4_194_303;

    @TempDir
    Path tmp;
    Path root;
    HostRendezvous rendezvous;

    @BeforeEach
    void homes() throws Exception {
        root = Files.createDirectories(tmp.resolve("hermes"));
        rendezvous = ProfileHomesOnDisk.rendezvous(tmp.resolve("locks"));
    }

    @AfterEach
    void releaseTheRole() {
        rendezvous.clearOwnRecord(Role.GATEWAY);
        rendezvous.releaseHostLock(Role.GATEWAY);
    }

    private ProfilesReport scan() {
        return assertTimeoutPreemptively(NEVER_HANGS, () -> new ProfileScan(rendezvous).scan(root));
    }

    private static Map<String, ProfileState> byName(ProfilesReport report) {
        return report.profiles().stream().collect(Collectors.toMap(ProfileState::name, Function.identity()));
    }

    @Test
    void listsTheRootAsDefaultAndEveryProfileHomeSorted() throws Exception {
        profile(root, "work");
        profile(root, "alpha");
        Files.writeString(root.resolve("profiles").resolve("notes.txt"), "not a home");
        ProfilesReport report = scan();
        assertEquals(List.of("default", "alpha", "work"), report.profiles().stream().map(ProfileState::name).toList());
        assertEquals(root, report.profiles().get(0).home());
        assertEquals("", report.problem());
        assertTrue(report.owner().absent(), "no gateway owner: " + report.owner());
        report.profiles().forEach(state -> assertEquals(Boolean.FALSE, state.served(), state.name()));
    }

    @Test
    void badInputsAreEachTheirOwnStateAndNothingIsWritten() throws Exception {
        Path odd = profile(root, "we ird\nname");
        Path notJson = profile(root, "notjson");
        Files.writeString(notJson.resolve("gateway.pid"), "12345 (not json)");
        Path dead = profile(root, "dead");
        Files.writeString(dead.resolve("gateway.pid"), "{\"pid\": " + DEAD_PID + ", \"kind\": \"hermes-gateway\", \"start_time\": 7}");
        Files.writeString(dead.resolve("gateway_state.json"), "{\"pid\": " + DEAD_PID + ", \"gateway_state\": \"running\"}");
        Path fifo = profile(root, "fifo");
        mkfifo(fifo.resolve(".gateway-planned-stop.json"));
        mkfifo(fifo.resolve("gateway.pid"));
        mkfifo(fifo.resolve("gateway.lock"));
        TreeMap<String, String> before = ProfileHomesOnDisk.snapshot(tmp);

        Map<String, ProfileState> states = byName(scan());

        assertTrue(states.get("we ird\nname").problem().contains("odd name 'we ird\\nname'"), states.get("we ird\nname").problem());
        assertEquals(odd, states.get("we ird\nname").home());
        assertEquals(1, states.get("notjson").leftovers().size());
        assertTrue(states.get("notjson").leftovers().get(0).why().contains("gateway.pid is not JSON"), states.get("notjson").leftovers().toString());
        List<Leftover> deadLeftovers = states.get("dead").leftovers();
        assertEquals(2, deadLeftovers.size(), deadLeftovers.toString());
        assertTrue(deadLeftovers.stream().allMatch(leftover -> leftover.pid() == DEAD_PID && leftover.why().contains("is not running")),
                deadLeftovers.toString());
        ProfileState fifoState = states.get("fifo");
        assertTrue(fifoState.marker().problem().contains("not a regular file"), fifoState.marker().toString());
        assertFalse(fifoState.marker().clearable(), "a FIFO is never removed as a marker");
        assertTrue(fifoState.leftovers().get(0).why().contains("not a regular file"), fifoState.leftovers().toString());
        assertEquals(before, ProfileHomesOnDisk.snapshot(tmp), "the scan wrote nothing");
    }

    @Test
    void homesThatCannotBeListedAreTheReportsProblem() throws Exception {
        Files.writeString(root.resolve("profiles"), "a file where the profiles directory belongs");
        ProfilesReport report = scan();
        assertTrue(report.problem().contains("cannot be read"), report.problem());
        assertEquals(List.of("default"), report.profiles().stream().map(ProfileState::name).toList());

        root = tmp.resolve("missing");
        assertTrue(scan().problem().contains("does not exist"));
    }

    @Test
    void anUnreadableProfileHomeIsListedWithWhy() throws Exception {
        Assumptions.assumeFalse(Fixtures.isRoot(), "root reads a mode-000 directory; this needs an ordinary user");
        Path locked = profile(root, "locked");
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        try {
            ProfileState state = byName(scan()).get("locked");
            assertTrue(state.problem().startsWith("cannot be read"), state.problem());
            assertNull(state.lock());
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void markersShowTargetAgeAndWhetherTheyMayBeCleared() throws Exception {
        Path live = profile(root, "live");
        marker(live, Platform.currentPid(), 5);
        Path expired = profile(root, "expired");
        marker(expired, Platform.currentPid(), 600);
        Path gone = profile(root, "gone");
        marker(gone, DEAD_PID, 1);
        Map<String, ProfileState> states = byName(scan());

        MarkerView liveMarker = states.get("live").marker();
        assertEquals(Platform.currentPid(), liveMarker.contents().targetPid());
        assertEquals(ProcessMatch.ALIVE, liveMarker.target());
        assertFalse(liveMarker.expired());
        assertFalse(liveMarker.clearable());
        assertTrue(ProfileActions.clearMarkerPreview(liveMarker).startsWith("Clear expired marker: keeps "), ProfileActions.clearMarkerPreview(liveMarker));
        assertTrue(states.get("expired").marker().expired());
        assertTrue(states.get("expired").marker().clearable());
        assertEquals(ProcessMatch.DEAD, states.get("gone").marker().target());
        assertTrue(states.get("gone").marker().clearable());
        assertTrue(ProfileActions.clearMarkerPreview(states.get("gone").marker()).startsWith("Clear expired marker: removes "));
    }

    @Test
    void clearingRemovesOnlyAnExpiredOrOrphanedMarker() throws Exception {
        ProcessInspector inspector = ProcessInspector.system();
        Path live = marker(profile(root, "live"), Platform.currentPid(), 5);
        Path gone = marker(profile(root, "gone"), DEAD_PID, 1);

        assertEquals(MarkerClearance.Outcome.REFUSED, MarkerClearance.clear(live.getParent(), inspector, false).outcome());
        assertTrue(Files.exists(live), "a live marker is kept");
        assertEquals(MarkerClearance.Outcome.WOULD_CLEAR, MarkerClearance.clear(gone.getParent(), inspector, true).outcome());
        assertTrue(Files.exists(gone), "--dry-run changes nothing");
        assertEquals(MarkerClearance.Outcome.CLEARED, MarkerClearance.clear(gone.getParent(), inspector, false).outcome());
        assertFalse(Files.exists(gone));
        assertEquals(MarkerClearance.Outcome.NO_MARKER, MarkerClearance.clear(gone.getParent(), inspector, false).outcome());
    }

    @Test
    void anOwnerWhoseSocketAnswersGarbageLeavesServedUnknownWithTheReason() throws Exception {
        profile(root, "work");
        ProfileHomesOnDisk.ownTheGatewayRole(rendezvous, root);
        try (ServerSocketChannel garbage = ProfileHomesOnDisk.answering(root, "<html>teapot</html>\n")) {
            ProfilesReport report = scan();
            assertTrue(report.owner().live());
            assertFalse(report.owner().answered());
            assertTrue(report.owner().why().contains("is not a JSON object"), report.owner().why());
            report.profiles().forEach(state -> assertNull(state.served(), state.name() + " is unknown, not guessed from the record"));
            assertTrue(report.profiles().get(0).servedWhy().startsWith("unknown: "), report.profiles().get(0).servedWhy());
        }
    }

    @Test
    void anOwnerWhoseSocketNeverAnswersIsUnknownWithinTheClientTimeout() throws Exception {
        ProfileHomesOnDisk.ownTheGatewayRole(rendezvous, root);
        try (ServerSocketChannel silent = ProfileHomesOnDisk.silent(root)) {
            ProfilesReport report = scan();
            assertFalse(report.owner().answered());
            assertTrue(report.owner().why().contains("no answer on " + root.resolve("gateway.sock") + " within 2 s"), report.owner().why());
            assertNull(report.profiles().get(0).served());
        }
    }

    /** A gateway that stopped accepting fills its backlog; a blocking connect would then hang every later scan. */
    @Test
    void anOwnerWhoseBacklogIsFullStillGivesAnAnswerInTime() throws Exception {
        ProfileHomesOnDisk.ownTheGatewayRole(rendezvous, root);
        try (ServerSocketChannel stuck = ProfileHomesOnDisk.silent(root, 1)) {
            for (int scan = 0; scan < 4; scan++) {
                ProfilesReport report = scan();
                assertFalse(report.owner().answered());
                assertNull(report.profiles().get(0).served());
                assertFalse(report.owner().why().isEmpty());
            }
        }
    }

    @Test
    void anAnswerAsAnotherProcessIsNotTheOwnersWord() throws Exception {
        ProfileHomesOnDisk.ownTheGatewayRole(rendezvous, root);
        String reply = "{\"ok\":true,\"protocol\":1,\"id\":1,\"result\":{\"pid\":" + DEAD_PID + ",\"served_profiles\":[\"default\"]}}\n";
        try (ServerSocketChannel impostor = ProfileHomesOnDisk.answering(root, reply)) {
            ProfilesReport report = scan();
            assertFalse(report.owner().answered());
            assertTrue(report.owner().why().contains("answers as PID " + DEAD_PID), report.owner().why());
            assertNull(report.profiles().get(0).served());
        }
    }

    private static void mkfifo(Path path) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
    }
}
