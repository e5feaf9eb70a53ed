package dev.hostwarden.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hostwarden.core.record.Role;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class FleetConfigTest {
    @Test
    void endpointsScopeAndKeys() {
        FleetConfig config = FleetConfig.parse("http://10.0.0.1:2379, https://etcd.example:2379", "telegram-bot", null);
        assertEquals(List.of(URI.create("http://10.0.0.1:2379"), URI.create("https://etcd.example:2379")), config.endpoints());
        assertEquals(10, config.ttlSeconds());
        assertEquals("/hostwarden/v1/telegram-bot/gateway", config.keyFor(Role.GATEWAY));
        assertEquals("/hostwarden/v1/serve/serve", FleetConfig.parse("http://h:1", null, 5).keyFor(Role.SERVE));
    }

    @Test
    void badValuesAreNamed() {
        assertEquals("fleet endpoint 'etcd:2379' is not http://HOST:PORT or https://HOST:PORT",
                assertThrows(IllegalArgumentException.class, () -> FleetConfig.parse("etcd:2379", null, null)).getMessage());
        // issue 21: a port out of range is malformed here, not an unexpected failure when the lease connects.
        assertEquals("fleet endpoint 'http://127.0.0.1:99999' has port 99999, which is not between 1 and 65535",
                assertThrows(IllegalArgumentException.class, () -> FleetConfig.parse("http://127.0.0.1:99999", null, null)).getMessage());
        assertEquals("fleet endpoint 'http://h:0' has port 0, which is not between 1 and 65535",
                assertThrows(IllegalArgumentException.class, () -> FleetConfig.parse("http://a:1,http://h:0", null, null)).getMessage());
        assertEquals(List.of(URI.create("https://h:65535")), FleetConfig.parse("https://h:65535", null, null).endpoints());
        assertEquals("fleet TTL 1 s is not between 2 and 3600",
                assertThrows(IllegalArgumentException.class, () -> FleetConfig.parse("http://h:1", null, 1)).getMessage());
        assertEquals("fleet scope 'a/b' may hold only letters, digits, '.', '_' and '-' (at most 100)",
                assertThrows(IllegalArgumentException.class, () -> FleetConfig.parse("http://h:1", "a/b", null)).getMessage());
    }

    @Test
    void theSettingsFileObjectAndItsBadValues(@org.junit.jupiter.api.io.TempDir Path temp) throws Exception {
        var json = new ObjectMapper();
        Path secret = Files.writeString(temp.resolve("pw"), "s3cret\n");
        FleetConfig config = FleetConfig.fromSettings("settings file S", json.readTree("{\"endpoints\": [\"http://a:1\", \"http://b:2\"],"
                + " \"scope\": \"bot\", \"ttlSeconds\": 6, \"user\": \"u\", \"passwordFile\": \"" + secret + "\", \"caFile\": \"/etc/etcd/ca.pem\"}"), null, null);
        assertEquals(Path.of("/etc/etcd/ca.pem"), config.caFile());
        assertEquals(List.of(URI.create("http://a:1"), URI.create("http://b:2")), config.endpoints());
        assertEquals("/hostwarden/v1/bot/serve", config.keyFor(Role.SERVE));
        assertEquals(6, config.ttlSeconds());
        assertEquals("s3cret", config.password());
        assertEquals("/hostwarden/v1/cli/serve", FleetConfig.fromSettings("S", json.readTree("{\"endpoints\": [\"http://a:1\"], \"scope\": \"bot\"}"),
                "cli", null).keyFor(Role.SERVE), "the command line's scope wins");
        assertEquals("S: fleet TTL 1 s is not between 2 and 3600", assertThrows(IllegalArgumentException.class,
                () -> FleetConfig.fromSettings("S", json.readTree("{\"endpoints\": [\"http://a:1\"], \"ttlSeconds\": 1}"), null, null)).getMessage());
        assertEquals("S: fleet passwordFile '/nonexistent/pw' cannot be read", assertThrows(IllegalArgumentException.class,
                () -> FleetConfig.fromSettings("S", json.readTree("{\"endpoints\": [\"http://a:1\"], \"user\": \"u\","
                        + " \"passwordFile\": \"/nonexistent/pw\"}"), null, null)).getMessage());
    }
}
