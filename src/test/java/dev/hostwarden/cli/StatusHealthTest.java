package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code status}, {@code explain} and {@code doctor} over a real gateway owner whose runtime status
 * file (hermes-shaped, with its PID and start time) says a platform needs attention: the verdict stays
 * LIVE, the health and its reasons are shown, and the token a platform quoted never is.
 */
class StatusHealthTest {
    private static final String TOKEN = "7001234567:AAH-planted-telegram-token";

    @TempDir
    Path tmp;

    @Test
    void aLiveGatewayWithAPlatformNeedingAttentionIsLiveWithHealthAndNoSecret() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home/profiles/work"));
        Path root = tmp.resolve("home");
        Files.writeString(root.resolve(".env"), "TELEGRAM_BOT_TOKEN=" + TOKEN + "\n");
        Path locks = tmp.resolve("locks");
        Map<String, String> env = Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", root.toString(),
                "XDG_STATE_HOME", tmp.resolve("state").toString(), "XDG_CONFIG_HOME", tmp.resolve("config").toString());
        try (ChildProcess owner = CliChild.owner(locks, root, "gateway")) {
            long ticks = ProcessInspector.system().startTicks(owner.pid());
            Files.writeString(root.resolve("gateway_state.json"), "{\"pid\": " + owner.pid() + ", \"start_time\": " + ticks
                    + ", \"gateway_state\": \"running\", \"desired_state\": \"running\", \"updated_at\": \"2026-12-03T12:04:00+00:00\","
                    + " \"platforms\": {\"telegram\": {\"state\": \"failed\", \"error_code\": \"UNAUTHORIZED\", \"error_message\": "
                    + "\"Telegram said 401 for " + TOKEN + "\", \"needs_attention\": true, \"updated_at\": \"2026-12-03T12:04:00+00:00\"},"
                    + " \"work:discord\": {\"state\": \"connected\", \"needs_attention\": false}}}");

            Cli.Result json = Cli.runChildJvm(env, "status", "gateway", "--json");
            assertEquals(0, json.exit(), "the verdict and exit stay about ownership: " + json);
            JsonNode role = json.role();
            assertEquals("LIVE", role.path("verdict").asText());
            JsonNode health = role.path("health");
            assertEquals(List.of("file", "current", "writerPid", "gatewayState", "exitReason", "desiredState", "updatedAt", "platforms"),
                    keys(health));
            assertTrue(health.path("current").asBoolean());
            assertEquals(owner.pid(), health.path("writerPid").asLong());
            JsonNode telegram = health.path("platforms").get(0);
            assertEquals(List.of("name", "profile", "state", "errorCode", "errorMessage", "needsAttention", "since"), keys(telegram));
            assertEquals("default", telegram.path("profile").asText());
            assertTrue(telegram.path("needsAttention").asBoolean());
            assertEquals("work", health.path("platforms").get(1).path("profile").asText());
            List<String> codes = new ArrayList<>();
            role.path("reasons").forEach(reason -> codes.add(reason.path("code").asText()));
            assertEquals(List.of("LIVE", "PLATFORM_NEEDS_ATTENTION"), codes);
            assertFalse(json.all().contains(TOKEN), "a platform's message never shows the token: " + json);
            assertTrue(telegram.path("errorMessage").asText().contains("<secret fingerprint "), telegram.toString());

            Cli.Result text = Cli.runChildJvm(env, "status", "gateway");
            assertTrue(text.out().contains("  health  current (written by the live owner PID " + owner.pid() + "): running (desired: running)"), text.out());
            assertTrue(text.out().contains("\n          telegram: needs attention, UNAUTHORIZED (Telegram said 401 for <secret fingerprint "), text.out());
            assertTrue(text.out().contains("\n          discord (profile work): connected"), text.out());
            assertFalse(text.all().contains(TOKEN));

            Cli.Result explain = Cli.runChildJvm(env, "explain", "gateway");
            assertTrue(explain.out().contains("PLATFORM_NEEDS_ATTENTION"), explain.out());
            assertTrue(explain.out().contains("Health (the verdict stays about ownership):\n  current (written by the live owner PID " + owner.pid()
                    + "): running (desired: running)\n  telegram: needs attention"), explain.out());
            assertFalse(explain.all().contains(TOKEN));

            Cli.Result doctor = Cli.runChildJvm(env, "doctor", "--json");
            JsonNode platforms = null;
            for (JsonNode check : doctor.json().path("checks")) {
                if (check.path("name").asText().equals("gatewayPlatforms")) {
                    platforms = check;
                }
            }
            assertEquals("PROBLEM", platforms.path("result").asText(), doctor.toString());
            assertTrue(platforms.path("fix").asText().contains("TELEGRAM_BOT_TOKEN) in " + root.resolve(".env")), platforms.toString());
            assertFalse(doctor.all().contains(TOKEN));

            Cli.Result serve = Cli.runChildJvm(env, "status", "serve", "--json");
            assertTrue(serve.role().path("health").isNull(), "only the gateway has a runtime status");
        }
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }
}
