package dev.hostwarden.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.hostwarden.core.Role;
import java.net.URI;
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
        assertEquals("fleet TTL 1 s is not between 2 and 3600",
                assertThrows(IllegalArgumentException.class, () -> FleetConfig.parse("http://h:1", null, 1)).getMessage());
        assertEquals("fleet scope 'a/b' may hold only letters, digits, '.', '_' and '-' (at most 100)",
                assertThrows(IllegalArgumentException.class, () -> FleetConfig.parse("http://h:1", "a/b", null)).getMessage());
    }
}
