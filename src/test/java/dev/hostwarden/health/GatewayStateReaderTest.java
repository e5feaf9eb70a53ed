package dev.hostwarden.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** hermes-shaped runtime status files, from the field list, read as they are and hostile ones refused in words. */
class GatewayStateReaderTest {
    @TempDir
    Path home;

    /** A file as hermes' writer makes it: the writer, the states, and platforms flat and multiplexed. */
    static String hermesFile(long pid, Long startTime, String gatewayState, String desired) {
        return "{\"pid\": " + pid + ", \"kind\": \"hermes-gateway\", \"argv\": [\"hermes\", \"gateway\", \"run\"], \"start_time\": "
                + (startTime == null ? "null" : startTime) + ", \"hermes_home\": \"/home/ada/.hermes\", \"gateway_state\": \"" + gatewayState
                + "\", \"exit_reason\": null, \"desired_state\": " + (desired == null ? "null" : "\"" + desired + "\"")
                + ", \"restart_requested\": false, \"active_agents\": 2, \"served_profiles\": [\"default\", \"work\"],"
                + " \"session_store\": {\"status\": \"ok\"}, \"updated_at\": \"2026-12-03T12:04:00+00:00\", \"platforms\": {"
                + "\"telegram\": {\"state\": \"connected\", \"error_code\": null, \"error_message\": null, \"needs_attention\": false,"
                + " \"updated_at\": \"2026-12-03T12:00:00+00:00\", \"metrics\": {\"sent\": 12}, \"writer_pid\": " + pid + "},"
                + "\"work:discord\": {\"state\": \"failed\", \"error_code\": \"TOKEN_INVALID\", \"error_message\": \"401 for token abc\","
                + " \"needs_attention\": true, \"retrying_since\": null, \"updated_at\": \"2026-12-03T12:04:00+00:00\"},"
                + "\"work:slack\": {\"state\": \"retrying\", \"retrying_since\": \"2026-12-03T12:03:00+00:00\"}}}";
    }

    @Test
    void aHermesFileIsReadFieldByFieldWithItsMultiplexedProfiles() throws Exception {
        Files.writeString(home.resolve("gateway_state.json"), hermesFile(4242, 81117L, "degraded", null));
        GatewayState state = GatewayStateReader.read(home).orElseThrow();
        assertTrue(state.usable(), state.problem());
        assertEquals(4242L, state.writerPid());
        assertEquals(81117L, state.writerStartTime());
        assertEquals("degraded", state.gatewayState());
        assertNull(state.exitReason());
        assertNull(state.desiredState());
        assertEquals(List.of("default/telegram CONNECTED", "work/discord NEEDS_ATTENTION", "work/slack CONNECTING"),
                state.platforms().stream().map(p -> p.profile() + "/" + p.name() + " " + p.condition()).toList());
        PlatformState slack = state.platforms().get(2);
        assertEquals("2026-12-03T12:03:00+00:00", slack.since(), "a retry counts from when it began");
        assertEquals("discord (profile work)", state.platforms().get(1).describe());
    }

    @Test
    void missingFieldsAndFieldsOfTheWrongTypeAreNullNotFatal() throws Exception {
        Files.writeString(home.resolve("gateway_state.json"), "{\"pid\": \"4242\", \"start_time\": 1e400, \"gateway_state\": [1],"
                + " \"platforms\": {\"telegram\": \"connected\", \"x:\": {}, \"discord\": {\"state\": 3, \"needs_attention\": \"yes\"}}, \"extra\": {\"a\": [1, {\"b\": 2}]}}");
        GatewayState state = GatewayStateReader.read(home).orElseThrow();
        assertTrue(state.usable(), state.problem());
        assertNull(state.writerPid());
        assertNull(state.writerStartTime());
        assertNull(state.gatewayState());
        assertEquals(2, state.platforms().size(), "the entry that is no object is skipped");
        assertFalse(state.platforms().get(1).needsAttention(), "only true is true");
        assertEquals("3", state.platforms().get(1).state());
    }

    @Test
    void noFileIsNothingAndHostileFilesAreAProblemInWordsNeverACrashOrAHang() throws Exception {
        assertTrue(GatewayStateReader.read(home).isEmpty());
        Path file = home.resolve("gateway_state.json");
        for (byte[] bytes : List.of("".getBytes(StandardCharsets.UTF_8), "[1, 2]".getBytes(StandardCharsets.UTF_8),
                "{\"pid\": 1".getBytes(StandardCharsets.UTF_8), "{} trailing".getBytes(StandardCharsets.UTF_8),
                new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'}, new byte[2 * 1024 * 1024])) {
            Files.write(file, bytes);
            GatewayState state = GatewayStateReader.read(home).orElseThrow();
            assertFalse(state.usable(), new String(bytes, 0, Math.min(bytes.length, 20), StandardCharsets.ISO_8859_1));
            assertFalse(state.problem().contains("Exception"), state.problem());
        }
        Files.delete(file);
        Files.createDirectory(file);
        assertTrue(GatewayStateReader.read(home).orElseThrow().problem().contains("directory"));
        Files.delete(file);
        assertEquals(0, new ProcessBuilder("mkfifo", file.toString()).start().waitFor());
        CompletableFuture<GatewayState> read = CompletableFuture.supplyAsync(() -> GatewayStateReader.read(home).orElseThrow());
        GatewayState fifo = read.get(Duration.ofSeconds(10).toSeconds(), TimeUnit.SECONDS);
        assertFalse(fifo.usable(), "a FIFO is never opened");
        Files.delete(file);
        Files.createSymbolicLink(file, Path.of("/etc/hostname"));
        assertFalse(GatewayStateReader.read(home).orElseThrow().usable(), "a link is never followed");
    }

    @Test
    void controlCharactersNeverReachATerminal() throws Exception {
        Files.writeString(home.resolve("gateway_state.json"), "{\"platforms\": {\"telegram\": {\"state\": \"failed\","
                + " \"error_message\": \"bad\\u001b[31m red\\nsecond line\"}}}");
        String message = GatewayStateReader.read(home).orElseThrow().platforms().get(0).errorMessage();
        assertEquals("bad [31m red second line", message);
    }
}
