package dev.hostwarden.supervise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code hostwarden supervise} with real processes: a supervisor child JVM keeps serve owned by
 * launching real {@code run serve} owners, in directories of the test's own (history, slots, settings).
 */
class SuperviseProcessTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private final List<ChildProcess> supervisors = new ArrayList<>();

    @AfterEach
    void endEverything() throws InterruptedException {
        for (ChildProcess supervisor : supervisors) {
            supervisor.close();
        }
        // The owners the supervisors launched are detached: end them by their records.
        for (Role role : Role.values()) {
            var record = rendezvous().read(role).recordOrNull();
            if (record != null) {
                ProcessHandle.of(record.pid()).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    private Path locks() {
        return tmp.resolve("locks");
    }

    private Path state() {
        return tmp.resolve("state");
    }

    private HostRendezvous rendezvous() {
        return HostRendezvous.at(RendezvousDir.of(locks()), ProcessInspector.system());
    }

    private Map<String, String> env() throws IOException {
        Map<String, String> env = new HashMap<>();
        env.put("HERMES_HOME", Files.createDirectories(tmp.resolve("home")).toString());
        env.put("HERMES_GATEWAY_LOCK_DIR", locks().toString());
        env.put("XDG_STATE_HOME", state().toString());
        env.put("XDG_CONFIG_HOME", tmp.resolve("config").toString());
        return env;
    }

    /** Writes the settings file the supervisor reads. */
    private void settings(String json) throws IOException {
        Path file = tmp.resolve("config/hostwarden/settings.json");
        Files.createDirectories(file.getParent());
        Files.writeString(file, json);
    }

    private static final String FAST = "{\"backoffInitialSeconds\": 0.2, \"backoffMaxSeconds\": 1, \"minUptimeSeconds\": 30, "
            + "\"maxFailedStarts\": 5, \"windowSeconds\": 600}";

    private ChildProcess supervise(List<String> jvmOptions, String... roles) throws IOException {
        List<String> args = new ArrayList<>(List.of("supervise"));
        args.addAll(List.of(roles));
        ChildProcess supervisor = ChildProcess.java(jvmOptions, Main.class.getName(), env(), args.toArray(new String[0]));
        supervisors.add(supervisor);
        return supervisor;
    }

    private ChildProcess supervise(String... roles) throws IOException {
        return supervise(List.of(), roles);
    }

    private Optional<SupervisionRecord> supervision(Role role) {
        return SupervisorSlot.of(state(), role, locks()).holder();
    }

    /** A live serve owner other than {@code old} (looked at once: the owner may change between two looks). */
    private boolean isNewOwner(long old) {
        Long now = livePid(Role.SERVE);
        return now != null && now != old;
    }

    private boolean watching() {
        return supervision(Role.SERVE).map(record -> record.state() == SupervisorState.WATCHING).orElse(false);
    }

    private RoleReport report(Role role) {
        return new RoleInspector(rendezvous(), false).inspect(role);
    }

    private Long livePid(Role role) {
        RoleReport report = report(role);
        return report.verdict() == Verdict.LIVE ? report.record().recordOrNull().pid() : null;
    }

    private List<HistoryEvent> events(EventType type) {
        return HistoryLog.at(state().resolve("hostwarden/history.jsonl")).read().events().stream().filter(event -> event.type() == type).toList();
    }

    @Test
    void aKilledOwnerIsReplacedByANewLiveOwnerAndWhyItDiedIsRecorded() throws Exception {
        settings("{\"roles\": {\"serve\": {\"supervise\": " + FAST + "}}}");
        ChildProcess supervisor = supervise("serve");
        Waits.until("the supervisor starts a first owner and watches it", DEADLINE, () -> livePid(Role.SERVE) != null && watching());
        long first = livePid(Role.SERVE);

        ProcessHandle.of(first).orElseThrow().destroyForcibly();
        Waits.until("a new live owner, its start recorded", DEADLINE,
                () -> isNewOwner(first) && events(EventType.SUPERVISED_START).size() == 2);

        HistoryEvent crashed = events(EventType.CRASHED).get(0);
        assertEquals(first, crashed.pid());
        assertEquals("killed by signal 9 (SIGKILL)", crashed.detail(), "the supervisor launched it, so it knows how it ended: " + crashed);
        assertEquals(137, crashed.exitCode());
        List<HistoryEvent> starts = events(EventType.SUPERVISED_START);
        assertEquals(2, starts.size(), starts.toString());
        assertEquals(2, starts.get(1).attempt());
        assertEquals(first, starts.get(1).previousPid(), "the start names the owner it replaced");
        assertEquals(supervisor.pid(), starts.get(1).byPid());
        assertEquals("hostwarden supervise serve", starts.get(1).byCommand());
        assertTrue(supervision(Role.SERVE).orElseThrow().lastOutput().contains("READY role=serve pid=" + first),
                "the dead owner's last output, for the card and the notification: " + supervision(Role.SERVE));
    }

    /** An owner that ran past the minimum uptime before the supervisor began watching dies in a crash, not a failed start. */
    @Test
    void anOwnerOlderThanTheSupervisorCrashesWithoutCountingAsAFailedStart() throws Exception {
        settings("{\"roles\": {\"serve\": {\"supervise\": {\"backoffInitialSeconds\": 0.2, \"minUptimeSeconds\": 2}}}}");
        Cli.Result start = Cli.runChildJvm(env(), "start", "serve");
        assertEquals(0, start.exit(), start.toString());
        long owner = livePid(Role.SERVE);
        Instant started = ProcessHandle.of(owner).orElseThrow().info().startInstant().orElseThrow();
        Waits.until("the owner is older than the minimum uptime", DEADLINE, () -> Instant.now().isAfter(started.plusSeconds(3)));
        supervise("serve");
        Waits.until("the supervisor watches the owner it found", DEADLINE, this::watching);

        ProcessHandle.of(owner).orElseThrow().destroyForcibly();
        Waits.until("a new live owner", DEADLINE, () -> isNewOwner(owner) && watching());
        assertEquals(0, supervision(Role.SERVE).orElseThrow().failedStarts(), "a crash after a long life is no failed start");
        assertEquals(owner, events(EventType.CRASHED).get(0).pid());
        assertEquals(List.of(), supervision(Role.SERVE).orElseThrow().lastOutput(), "it did not launch that owner, so it has no output of it");
    }

    @Test
    void aCommandThatCannotStartBacksOffWithGrowingDelaysAndIsGivenUp() throws Exception {
        Path attempts = tmp.resolve("attempts");
        Path failing = tmp.resolve("failing.sh");
        Files.writeString(failing, "#!/bin/sh\ndate +%s%N >> '" + attempts + "'\necho 'cannot start: the port is taken' >&2\nexit 3\n");
        Files.setPosixFilePermissions(failing, PosixFilePermissions.fromString("rwx------"));
        settings("{\"roles\": {\"serve\": {\"command\": [\"" + failing + "\"], \"supervise\": {\"backoffInitialSeconds\": 0.3, "
                + "\"backoffMaxSeconds\": 1.2, \"maxFailedStarts\": 4, \"windowSeconds\": 600}}}}");
        supervise("serve");
        Waits.until("the supervisor gives up", DEADLINE,
                () -> supervision(Role.SERVE).map(record -> record.state() == SupervisorState.GAVE_UP).orElse(false));

        List<Long> at = Files.readAllLines(attempts).stream().map(Long::parseLong).toList();
        assertEquals(4, at.size(), "four attempts, then it gives up: " + at);
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < at.size(); i++) {
            gaps.add((at.get(i) - at.get(i - 1)) / 1_000_000);
        }
        // Measured, not timed: each delay is at least the policy's (0.6, 1.2 then 1.2 s capped), so they grow.
        assertTrue(gaps.get(0) >= 600 && gaps.get(1) >= 1200 && gaps.get(2) >= 1200, "delays between attempts (ms): " + gaps);
        assertTrue(gaps.get(1) > gaps.get(0), "the delay grows: " + gaps);

        SupervisionRecord gaveUp = supervision(Role.SERVE).orElseThrow();
        assertEquals(4, gaveUp.failedStarts());
        assertTrue(gaveUp.lastExit().contains("exit code 3"), gaveUp.toString());
        assertEquals(List.of("cannot start: the port is taken", "cannot start: the port is taken", "cannot start: the port is taken"),
                gaveUp.lastOutput(), "why it died, in the record the card and the notification show");
        HistoryEvent recorded = events(EventType.GAVE_UP).get(0);
        assertEquals(4, recorded.attempt());
        assertEquals(3, recorded.exitCode());
        assertEquals(4, events(EventType.CRASHED).size(), "every failed attempt is on the record");
        assertEquals("FAILED_START", events(EventType.CRASHED).get(0).reason());

        Cli.Result status = Cli.runChildJvm(env(), "status", "serve", "--json");
        var role = status.role();
        assertEquals("NO_OWNER", role.path("verdict").asText(), "the verdict stays about ownership");
        assertEquals("gave-up", role.path("supervision").path("state").asText(), status.toString());
        assertTrue(status.out().contains("SUPERVISION_GAVE_UP"), status.toString());
        Cli.Result explain = Cli.runChildJvm(env(), "explain", "serve");
        assertTrue(explain.out().contains("cannot start: the port is taken"), "explain shows the log's last lines: " + explain);
        Cli.Result logs = Cli.runChildJvm(env(), "logs", "serve", "-n", "2");
        assertEquals(List.of("cannot start: the port is taken", "cannot start: the port is taken"), logs.out().lines().toList(), logs.toString());

        // A Start by hand resumes it: the supervisor watches the new owner.
        settings("{\"roles\": {\"serve\": {\"supervise\": " + FAST + "}}}");
        Cli.Result start = Cli.runChildJvm(env(), "start", "serve");
        assertEquals(0, start.exit(), start.toString());
        Waits.until("supervision resumes", DEADLINE,
                () -> supervision(Role.SERVE).map(record -> record.state() == SupervisorState.WATCHING).orElse(false));
    }

    @Test
    void aPlannedStopIsNotUndoneAndTheOwnerOutlivesTheSupervisor() throws Exception {
        settings("{\"roles\": {\"serve\": {\"supervise\": " + FAST + "}}}");
        ChildProcess supervisor = supervise("serve");
        Waits.until("a first owner, watched", DEADLINE, () -> livePid(Role.SERVE) != null && watching());
        long owner = livePid(Role.SERVE);

        // The supervisor ends on SIGTERM; the owner it started keeps running.
        assertTrue(new ProcessBuilder("kill", "-TERM", String.valueOf(supervisor.pid())).start().waitFor() == 0);
        assertEquals(0, supervisor.waitFor(DEADLINE), supervisor.stderr());
        assertEquals(owner, livePid(Role.SERVE), "the owner outlives the supervisor");
        assertTrue(supervision(Role.SERVE).isEmpty(), "the slot is free");

        ChildProcess second = supervise("serve");
        Waits.until("the second supervisor watches", DEADLINE,
                () -> supervision(Role.SERVE).map(record -> record.pid() == second.pid() && record.state() == SupervisorState.WATCHING).orElse(false));
        Cli.Result stop = Cli.runChildJvm(env(), "stop", "serve");
        assertEquals(0, stop.exit(), stop.toString());
        Waits.until("the stop is seen as on purpose", DEADLINE,
                () -> supervision(Role.SERVE).map(record -> record.state() == SupervisorState.STOPPED_ON_PURPOSE).orElse(false));
        String note = supervision(Role.SERVE).orElseThrow().note();
        assertTrue(note.startsWith("stopped by PID ") && note.contains("(hostwarden stop serve)") && note.endsWith("— not restarted"), note);

        // Ended by a marker naming it (the stop Windows has), it started nothing meanwhile.
        Cli.Result marker = Cli.runChildJvm(env(), "marker", "write", "--target", String.valueOf(second.pid()));
        assertEquals(0, marker.exit(), marker.toString());
        assertEquals(0, second.waitFor(DEADLINE), second.stderr());
        assertEquals(Verdict.NO_OWNER, report(Role.SERVE).verdict(), "the planned stop was not undone");
        assertEquals(1, events(EventType.SUPERVISED_START).size(), "the second supervisor launched nothing");
    }

    @Test
    void hermesDesiredStateStoppedIsTheOperatorsIntentAndIsNotUndone() throws Exception {
        settings("{\"roles\": {\"gateway\": {\"supervise\": " + FAST + "}}}");
        supervise("gateway");
        Waits.until("a gateway, watched", DEADLINE, () -> livePid(Role.GATEWAY) != null
                && supervision(Role.GATEWAY).map(record -> record.state() == SupervisorState.WATCHING).orElse(false));
        long gateway = livePid(Role.GATEWAY);
        // What hermes' `gateway stop` leaves behind: its runtime status with the operator's intent.
        Files.writeString(tmp.resolve("home/gateway_state.json"), "{\"pid\": " + gateway + ", \"gateway_state\": \"stopped\","
                + " \"desired_state\": \"stopped\", \"updated_at\": \"2026-12-03T12:00:00+00:00\"}");
        ProcessHandle.of(gateway).orElseThrow().destroyForcibly();
        Waits.until("the stop is the operator's", DEADLINE,
                () -> supervision(Role.GATEWAY).map(record -> record.state() == SupervisorState.STOPPED_ON_PURPOSE).orElse(false));
        assertTrue(supervision(Role.GATEWAY).orElseThrow().note().contains("the operator: desired_state stopped"),
                supervision(Role.GATEWAY).orElseThrow().note());
        assertEquals(1, events(EventType.SUPERVISED_START).size(), "nothing was started after it");
    }

    @Test
    void twoSupervisorsOfOneRoleNeverBothActTheSecondSaysWhoKeepsIt() throws Exception {
        settings("{\"roles\": {\"serve\": {\"supervise\": " + FAST + "}}}");
        ChildProcess first = supervise("serve");
        Waits.until("the first supervisor holds the role", DEADLINE,
                () -> supervision(Role.SERVE).map(record -> record.pid() == first.pid()).orElse(false));
        ChildProcess second = supervise("serve");
        assertEquals(75, second.waitFor(DEADLINE), second.stderr());
        assertTrue(second.stderr().contains("serve is already kept running by PID " + first.pid() + " (hostwarden supervise serve)"),
                second.stderr());
        Waits.until("one owner, started by the first", DEADLINE, () -> livePid(Role.SERVE) != null && !events(EventType.SUPERVISED_START).isEmpty());
        assertEquals(first.pid(), events(EventType.SUPERVISED_START).get(0).byPid());
    }

    @Test
    void hostileSettingsValuesAreOneLineNamingTheValueExit78() throws Exception {
        for (String bad : List.of("{\"backoffInitialSeconds\": -1}", "{\"backoffMaxSeconds\": 1e300}", "{\"minUptimeSeconds\": \"soon\"}",
                "{\"maxFailedStarts\": 2.5}", "{\"windowSeconds\": 0}", "{\"backoffMaxSecond\": 5}", "[1, 2]",
                "{\"backoffInitialSeconds\": 10, \"backoffMaxSeconds\": 5}")) {
            settings("{\"roles\": {\"gateway\": {\"supervise\": " + bad + "}}}");
            Cli.Result result = Cli.runChildJvm(env(), "supervise", "gateway");
            assertEquals(78, result.exit(), bad + ": " + result);
            assertEquals(1, result.err().lines().count(), bad + ": " + result);
            assertTrue(result.err().contains("settings file " + tmp.resolve("config/hostwarden/settings.json") + ", role gateway: supervise"),
                    bad + ": " + result);
            result.assertPlain();
            assertTrue(Files.notExists(state().resolve("hostwarden/supervisors")), "nothing was touched: " + bad);
        }
    }

    @Test
    void theWindowsFlavourStartsWithTheCommandAndEndsOnItsMarkerAlone() throws Exception {
        settings("{\"roles\": {\"serve\": {\"supervise\": " + FAST + "}}}");
        List<String> windows = List.of("-D" + Platform.FLAVOUR_PROPERTY + "=windows");
        ChildProcess supervisor = supervise(windows, "serve");
        Waits.until("a first owner", DEADLINE, () -> livePid(Role.SERVE) != null);
        long first = livePid(Role.SERVE);
        ProcessHandle.of(first).orElseThrow().destroyForcibly();
        Waits.until("a new live owner", DEADLINE, () -> isNewOwner(first));
        Cli.Result marker = Cli.runChildJvm(windows, env(), "marker", "write", "--target", String.valueOf(supervisor.pid()));
        assertEquals(0, marker.exit(), marker.toString());
        assertEquals(0, supervisor.waitFor(DEADLINE), supervisor.stderr());
        assertNotNull(livePid(Role.SERVE), "the owner it started keeps running");
        assertNotEquals(first, livePid(Role.SERVE));
        assertEquals(first, events(EventType.CRASHED).get(0).pid());
    }
}
