package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.Main;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.HostwardenLauncher;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real run / stop / kill -9 / retract cycle leaves its events in the history, in order; {@code history} shows them. */
class HistoryCommandTest {
    @TempDir
    Path tmp;

    private Map<String, String> env() {
        return Map.of("XDG_STATE_HOME", tmp.resolve("state").toString(), "HERMES_GATEWAY_LOCK_DIR", tmp.resolve("locks").toString(),
                "HERMES_HOME", tmp.resolve("home").toString());
    }

    private ChildProcess owner() throws Exception {
        ChildProcess owner = ChildProcess.java(Main.class, env(), "run", "serve");
        String ready = owner.readLine(CliChild.DEADLINE);
        assertEquals("READY role=serve pid=" + owner.pid(), ready, owner.stderr());
        return owner;
    }

    @Test
    void runStopKillRetractAreRecordedInOrder() throws Exception {
        long first;
        try (ChildProcess owner = owner()) {
            first = owner.pid();
            CliChild.Result stop = CliChild.run(tmp, env(), "stop", "serve");
            assertEquals(0, stop.code(), stop.toString());
            assertEquals(0, owner.waitFor(CliChild.DEADLINE), "a planned stop");
        }
        long second;
        try (ChildProcess owner = owner()) {
            second = owner.pid();
            owner.process().destroyForcibly();
            owner.waitFor(CliChild.DEADLINE);
        }
        Waits.until("the killed owner's lock to be released", CliChild.DEADLINE, () -> CliChild.livePid(tmp.resolve("locks"), Role.SERVE) == null);
        CliChild.Result retract = CliChild.run(tmp, env(), "retract", "serve");
        assertEquals(0, retract.code(), retract.toString());

        CliChild.Result history = CliChild.run(tmp, env(), "history", "serve", "--json");
        assertEquals(0, history.code(), history.toString());
        JsonNode document = JsonTrees.parse(history.out());
        assertEquals(0, document.path("skipped").size(), history.toString());
        List<String> events = new ArrayList<>();
        for (JsonNode event : document.path("events")) {
            events.add(event.path("event").asText() + " " + event.path("pid").asLong());
        }
        assertEquals(List.of("started " + first, "stop_requested " + first, "stopped " + first, "started " + second, "retracted " + second),
                events, history.out());
        JsonNode stopped = document.path("events").get(2);
        assertEquals(0, stopped.path("exitCode").asInt(-1), "the owner recorded its own exit code: " + stopped);
        assertEquals(first, stopped.path("writer").asLong());
        JsonNode retracted = document.path("events").get(4);
        assertTrue(retracted.path("by").asLong() > 0 && retracted.path("by").asLong() != second, retracted.toString());
        JsonNode started = document.path("events").get(0);
        assertEquals(tmp.resolve("home").toString(), started.path("home").asText());
        assertTrue(started.path("startTime").asLong() > 0, started.toString());

        CliChild.Result text = CliChild.run(tmp, env(), "history", "--since", "1h");
        assertEquals(0, text.code(), text.toString());
        assertEquals(5, text.out().lines().count(), text.out());
        assertTrue(text.out().lines().toList().get(2).contains("serve  stopped PID " + first + ", exit code 0"), text.out());
        CliChild.Result otherRole = CliChild.run(tmp, env(), "history", "gateway");
        assertTrue(otherRole.out().startsWith("no ownership events for gateway"), otherRole.toString());
    }

    @Test
    void aRestartRecordsTheStopTheNewOwnersStartAndTheRestart() throws Exception {
        Map<String, String> env = new HashMap<>(env());
        env.put("XDG_CONFIG_HOME", tmp.resolve("config").toString());
        env.put("HOSTWARDEN_SETTINGS", null);
        env.put(HostwardenLauncher.VARIABLE, null);
        Long second = null;
        try (ChildProcess owner = owner()) {
            CliChild.Result restart = CliChild.run(tmp, env, "restart", "serve", "--timeout", "30");
            second = CliChild.livePid(tmp.resolve("locks"), Role.SERVE);
            assertEquals(0, restart.code(), restart.toString());
            assertEquals(0, owner.waitFor(CliChild.DEADLINE));
            CliChild.Result history = CliChild.run(tmp, env(), "history", "--json");
            List<String> events = new ArrayList<>();
            for (JsonNode event : JsonTrees.parse(history.out()).path("events")) {
                events.add(event.path("event").asText() + " " + event.path("pid").asLong()
                        + (event.has("previousPid") ? " replacing " + event.path("previousPid").asLong() : ""));
            }
            assertEquals(List.of("started " + owner.pid(), "stop_requested " + owner.pid(), "stopped " + owner.pid(), "started " + second,
                    "restarted " + second + " replacing " + owner.pid()), events, history.out());
        } finally {
            if (second != null) {
                ProcessHandle.of(second).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void aCorruptLineIsSkippedAndNamedOnStderrNeverFatal() throws Exception {
        Path file = Files.createDirectories(tmp.resolve("state/hostwarden")).resolve("history.jsonl");
        Files.writeString(file, "{\"at\":\"2026-12-02T04:00:00Z\",\"event\":\"started\",\"role\":\"serve\",\"pid\":42,\"writer\":42}\n"
                + "garbage that is not json\n");
        byte[] before = Files.readAllBytes(file);
        CliChild.Result result = CliChild.run(tmp, env(), "history");
        assertEquals(0, result.code(), result.toString());
        assertTrue(result.out().contains("serve  started PID 42"), result.out());
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().contains("history.jsonl:2: not JSON"), result.err());
        assertTrue(Arrays.equals(before, Files.readAllBytes(file)), "history only reads");
    }

    @Test
    void aBadSinceIsAUsageErrorNamingIt() throws Exception {
        CliChild.Result bad = CliChild.run(tmp, env(), "history", "--since", "5x");
        assertEquals(2, bad.code(), bad.toString());
        assertEquals(1, bad.err().lines().count(), bad.err());
        assertTrue(bad.err().contains("'5x'"), bad.err());
        assertFalse(Files.exists(tmp.resolve("state")), "nothing created");
    }

    /**
     * One user's history holds every rendezvous directory's events: an owner started in a second
     * directory is recorded with it, and each directory's {@code history} (as its panel's cards and
     * timeline) counts only its own, plus older lines that name no directory.
     */
    @Test
    void eachRendezvousDirectorySeesOnlyItsOwnOwnersEvents() throws Exception {
        Path other = tmp.resolve("other-locks");
        long elsewhere;
        try (ChildProcess owner = ChildProcess.java(Main.class, env(), "run", "serve", "--lock-dir", other.toString())) {
            assertEquals("READY role=serve pid=" + owner.pid(), owner.readLine(CliChild.DEADLINE), owner.stderr());
            elsewhere = owner.pid();
            assertEquals(0, CliChild.run(tmp, env(), "stop", "serve", "--lock-dir", other.toString()).code());
            assertEquals(0, owner.waitFor(CliChild.DEADLINE));
        }
        long here;
        try (ChildProcess owner = owner()) {
            here = owner.pid();   // then killed: it records no "stopped"
        }
        // A line from before directories were recorded: it may concern either, so both show it.
        Path file = tmp.resolve("state/hostwarden/history.jsonl");
        Files.writeString(file, "{\"at\":\"2026-12-01T10:00:00Z\",\"event\":\"retracted\",\"role\":\"serve\",\"pid\":7,\"writer\":8}\n"
                + Files.readString(file));

        assertEquals(List.of("retracted 7", "started " + here), events(CliChild.run(tmp, env(), "history", "--json")));
        assertEquals(List.of("retracted 7", "started " + elsewhere, "stop_requested " + elsewhere, "stopped " + elsewhere),
                events(CliChild.run(tmp, env(), "history", "--json", "--lock-dir", other + "/.")), "another spelling of the same directory");
        JsonNode document = JsonTrees.parse(CliChild.run(tmp, env(), "history", "--json", "--lock-dir", other.toString()).out());
        assertEquals(other.toString(), document.path("lockDir").asText());
        assertEquals(other.toString(), document.path("events").get(1).path("lockDir").asText(), document.toString());
    }

    private static List<String> events(CliChild.Result history) throws Exception {
        assertEquals(0, history.code(), history.toString());
        List<String> events = new ArrayList<>();
        for (JsonNode event : JsonTrees.parse(history.out()).path("events")) {
            events.add(event.path("event").asText() + " " + event.path("pid").asLong());
        }
        return events;
    }
}
