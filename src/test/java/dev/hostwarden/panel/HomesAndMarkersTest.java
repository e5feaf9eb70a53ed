package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.HomeStatus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The profiles view's data: per-home gateway.lock and planned-stop markers, read-only. */
class HomesAndMarkersTest {
    @TempDir
    Path root;

    private Path locked;

    @AfterEach
    void release() {
        if (locked != null) {
            GatewayRuntimeLock.release(locked);
        }
    }

    private List<HomeStatus> scan(Path locks) {
        var rendezvous = Fixtures.rendezvous(locks);
        return HomeStatus.scan(root, new RoleInspector(rendezvous, false).inspect(Role.GATEWAY), ProcessInspector.system());
    }

    @Test
    void everyProfileHomeWithItsRuntimeLockAndMarker() throws Exception {
        Files.createDirectories(root.resolve("profiles/work"));
        Files.createDirectories(root.resolve("profiles/alpha"));
        locked = root.resolve("profiles/work");
        assertTrue(GatewayRuntimeLock.acquire(locked, List.of("test"), ProcessInspector.system()));
        long me = ProcessHandle.current().pid();
        Fixtures.write(root.resolve("profiles/alpha").resolve(PlannedStopMarker.FILE_NAME),
                "{\"target_pid\": " + me + ", \"target_start_time\": null, \"stopper_pid\": 77, \"written_at\": \"" + Instant.now() + "\"}");

        List<HomeStatus> homes = scan(root.resolve("locks"));
        assertEquals(List.of("default", "alpha", "work"), homes.stream().map(HomeStatus::profile).toList());
        assertEquals(LockState.ABSENT, homes.get(0).runtimeLock().state());
        assertEquals(LockState.HELD, homes.get(2).runtimeLock().state());
        assertNull(homes.get(0).markerContents());
        PidMarker.Contents marker = homes.get(1).markerContents();
        assertEquals(me, marker.targetPid());
        assertEquals(77L, marker.writerPid());
        assertTrue(homes.get(1).markerAge().contains("expires in"), homes.get(1).markerAge());
        assertTrue(homes.get(1).markerTarget().contains("not the live owner (no live host gateway)"), homes.get(1).markerTarget());
    }

    @Test
    void aMarkerNamingTheLiveHostGatewaySaysSo() throws Exception {
        Path locks = root.resolve("locks");
        try (var owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            Fixtures.write(root.resolve(PlannedStopMarker.FILE_NAME),
                    "{\"target_pid\": " + owner.pid() + ", \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \"2020-01-01T00:00:00+00:00\"}");
            HomeStatus home = scan(locks).get(0);
            assertEquals("names the live host gateway, PID " + owner.pid(), home.markerTarget());
            assertTrue(home.markerAge().endsWith("expired (TTL 60 s)"), home.markerAge());
        }
    }

    @Test
    void aReusedPidIsNotTheOwner() throws Exception {
        long me = ProcessHandle.current().pid();
        Fixtures.write(root.resolve(PlannedStopMarker.FILE_NAME),
                "{\"target_pid\": " + me + ", \"target_start_time\": 1, \"stopper_pid\": 1, \"written_at\": \"" + Instant.now() + "\"}");
        assertTrue(scan(root.resolve("locks")).get(0).markerTarget().endsWith("not the live owner (PID reused)"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "not json", "[1]", "{\"target_pid\": \"12\"}", "{\"target_pid\": -3}"})
    void anUnusableMarkerIsReportedNotCleaned(String text) throws Exception {
        Path file = root.resolve(PlannedStopMarker.FILE_NAME);
        Fixtures.write(file, text);
        HomeStatus home = scan(root.resolve("locks")).get(0);
        assertNull(home.markerContents());
        assertTrue(home.markerProblem() != null && !home.markerProblem().isEmpty(), String.valueOf(home.marker()));
        assertEquals(text, Files.readString(file));
    }

    @Test
    void anUndatedMarkerCountsAsExpired() throws Exception {
        Fixtures.write(root.resolve(PlannedStopMarker.FILE_NAME), "{\"target_pid\": 5, \"written_at\": \"yesterday\"}");
        PidMarker.Contents marker = scan(root.resolve("locks")).get(0).markerContents();
        assertTrue(marker.expired());
        assertNull(marker.targetStartTime());
    }
}
