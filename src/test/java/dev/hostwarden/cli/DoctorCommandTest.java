package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code doctor} on a real tree: a bot token configured in two profiles, a dead {@code gateway.pid},
 * an expired marker, a foreign and a linked file in the lock directory are each reported, exit 1,
 * no token printed, nothing changed on disk.
 */
class DoctorCommandTest {
    static final String BOT_TOKEN = "7001234567:AAH-planted-bot-token-never-printed";

    @TempDir
    Path tmp;
    Path home;
    Path locks;

    Map<String, String> env() {
        Map<String, String> env = new HashMap<>();
        env.put("XDG_STATE_HOME", tmp.resolve("state").toString());
        env.put("HERMES_HOME", home.toString());
        env.put("HERMES_GATEWAY_LOCK_DIR", locks.toString());
        return env;
    }

    @BeforeEach
    void paths() {
        home = tmp.resolve("home");
        locks = tmp.resolve("locks");
    }

    /** A PID no process has now: a child that ran and was reaped. */
    static long deadPid() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return gone.pid();
    }

    /** The tree the tests examine: returns the planted profiles root. */
    static void plant(Path home, Path locks) throws Exception {
        Files.createDirectories(home.resolve("profiles/work"));
        Files.createDirectories(home.resolve("profiles/other"));
        Files.writeString(home.resolve(".env"), "# default\nTELEGRAM_BOT_TOKEN=" + BOT_TOKEN + "\nOPENAI_API_KEY=sk-unrelated\n");
        Files.writeString(home.resolve("profiles/work/.env"), "export TELEGRAM_BOT_TOKEN=\"" + BOT_TOKEN + "\"\n");
        Files.writeString(home.resolve("profiles/other/.env"), "DISCORD_BOT_TOKEN=another-token-entirely\n");
        Files.writeString(home.resolve("profiles/other/gateway.pid"), "{\"pid\": " + deadPid() + ", \"kind\": \"hermes-gateway\"}");
        String writtenAt = DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(Instant.now().minusSeconds(300).atOffset(ZoneOffset.UTC));
        Files.writeString(home.resolve(".gateway-planned-stop.json"), "{\"target_pid\": " + deadPid()
                + ", \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \"" + writtenAt + "\"}");
        Files.createDirectories(locks);
        Files.setPosixFilePermissions(locks, PosixFilePermissions.fromString("rwx------"));
        Files.writeString(locks.resolve("stray.json"), "{}");
        Files.createSymbolicLink(locks.resolve("host-serve.json"), Path.of("/etc/hostname"));
    }

    /** Every entry's kind, size, mode, owner, modification time and content hash. */
    static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : walk.toList()) {
                Map<String, Object> unix = Files.readAttributes(path, "unix:mode,uid,size,lastModifiedTime,ino", LinkOption.NOFOLLOW_LINKS);
                String hash = Files.isRegularFile(path, LinkOption.NOFOLLOW_LINKS) ? Tokens.sha256Hex(Files.readAllBytes(path)) : "";
                entries.put(path.toString(), new TreeMap<>(unix) + hash);
            }
        }
        return entries;
    }

    static JsonNode check(JsonNode document, String name) {
        for (JsonNode check : document.path("checks")) {
            if (check.path("name").asText().equals(name)) {
                return check;
            }
        }
        throw new AssertionError("no check " + name + " in " + document);
    }

    @Test
    void eachPlantedFaultIsReportedWithoutATokenAndNothingChanges() throws Exception {
        plant(home, locks);
        boolean root = "0".equals(String.valueOf(Files.getAttribute(tmp, "unix:uid")));
        if (root) {
            Files.setAttribute(locks.resolve("stray.json"), "unix:uid", 12345);
        }
        Map<String, String> before = snapshot(home);
        before.putAll(snapshot(locks));

        CliChild.Result result = CliChild.run(tmp, env(), "doctor", "--json");
        assertEquals(1, result.code(), result.toString());
        assertFalse(result.out().contains(BOT_TOKEN) || result.err().contains(BOT_TOKEN), "the token is never printed: " + result);
        assertFalse(result.out().contains("AAH-planted"), "not even a part of it");
        JsonNode document = JsonTrees.parse(result.out());
        for (JsonNode check : document.path("checks")) {
            assertTrue(check.has("name") && check.has("result") && check.has("evidence") && check.has("fix"), check.toString());
        }

        JsonNode tokens = check(document, "duplicateBotTokens");
        assertEquals("PROBLEM", tokens.path("result").asText(), tokens.toString());
        String evidence = tokens.path("evidence").asText();
        assertTrue(evidence.contains("default (TELEGRAM_BOT_TOKEN)") && evidence.contains("work (TELEGRAM_BOT_TOKEN)"), evidence);
        assertTrue(evidence.contains(Tokens.fingerprint(BOT_TOKEN)), "named by its fingerprint: " + evidence);
        assertFalse(evidence.contains("other"), "a different token is not a duplicate: " + evidence);

        JsonNode leftovers = check(document, "homeLeftovers");
        assertEquals("WARN", leftovers.path("result").asText(), leftovers.toString());
        assertTrue(leftovers.path("evidence").asText().contains("profile other: gateway.pid names PID"), leftovers.toString());

        JsonNode marker = check(document, "expiredMarkers");
        assertEquals("WARN", marker.path("result").asText(), marker.toString());
        assertTrue(marker.path("fix").asText().contains("hostwarden profiles clear-marker default"), marker.toString());

        JsonNode dir = check(document, "lockDir");
        assertEquals("WARN", dir.path("result").asText(), dir.toString());
        assertTrue(dir.path("evidence").asText().contains("host-serve.json is a symbolic link"), dir.toString());
        if (root) {
            assertTrue(dir.path("evidence").asText().contains("stray.json belongs to another user (uid 12345)"), dir.toString());
        }

        CliChild.Result text = CliChild.run(tmp, env(), "doctor");
        assertEquals(1, text.code(), text.toString());
        assertTrue(text.out().contains("PROBLEM duplicateBotTokens: "), text.out());
        assertFalse(text.out().contains(BOT_TOKEN), text.out());

        Map<String, String> after = snapshot(home);
        after.putAll(snapshot(locks));
        assertEquals(before, after, "doctor changed nothing");
        assertFalse(Files.exists(tmp.resolve("state")), "no history, no state directory either");
        Assumptions.assumeTrue(root, "the foreign-file case needs root to give a file to another uid; checked only the linked file");
    }

    @Test
    void aHealthyTreeHasNoWarningOfItsOwn() throws Exception {
        Files.createDirectories(home.resolve("profiles/work"));
        Files.writeString(home.resolve(".env"), "TELEGRAM_BOT_TOKEN=one\n");
        Files.writeString(home.resolve("profiles/work/.env"), "TELEGRAM_BOT_TOKEN=two\n");
        CliChild.Result result = CliChild.run(tmp, env(), "doctor", "--json");
        JsonNode document = JsonTrees.parse(result.out());
        for (String name : new String[] {"lockDir", "hostRecords", "homeLeftovers", "expiredMarkers", "duplicateBotTokens", "bootAndStartTimes"}) {
            assertEquals("OK", check(document, name).path("result").asText(), check(document, name).toString());
        }
        // The machine's own checks (file system, container, hermes on PATH) decide the exit code here.
        assertEquals(document.path("ok").asBoolean() ? 0 : 1, result.code(), result.toString());
    }

    @Test
    void fixHintsRepeatTheCallsLockDirQuotedSoThePastedCommandActsOnTheSameDirectory() throws Exception {
        Path spaced = tmp.resolve("my locks");
        Files.createDirectories(home);
        try (var owner = CliChild.owner(spaced, home, "serve")) {
            owner.kill();
        }
        Waits.until("the killed owner's lock to be released", CliChild.DEADLINE, () -> CliChild.livePid(spaced, Role.SERVE) == null);
        Map<String, String> env = env();
        env.remove("HERMES_GATEWAY_LOCK_DIR");
        CliChild.Result result = CliChild.run(tmp, env, "doctor", "--json", "--lock-dir", spaced.toString());
        String fix = check(JsonTrees.parse(result.out()), "hostRecords").path("fix").asText();
        assertEquals("hostwarden retract serve --lock-dir '" + spaced + "'", fix, result.toString());
        CliChild.Result status = CliChild.run(tmp, env, "status", "serve", "--lock-dir", spaced.toString());
        assertTrue(status.out().contains("fix     " + fix), "status prints the same hint: " + status);
    }

    @Test
    void anUnknownOptionIsAUsageError() throws Exception {
        CliChild.Result result = CliChild.run(tmp, env(), "doctor", "--fix-everything");
        assertEquals(2, result.code(), result.toString());
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().contains("--fix-everything"), result.err());
    }
}
