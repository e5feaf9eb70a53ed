package dev.hostwarden.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.EtcdServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An etcd that serves clients over TLS with a certificate from its own CA (made here with openssl):
 * trusted only through HOSTWARDEN_FLEET_CA_FILE; without it, or with a file that holds no
 * certificate, one line and exit 78.
 */
class FleetTlsTest {
    private static final Duration PATIENCE = Duration.ofSeconds(30);

    @TempDir
    Path temp;

    private ChildProcess owner(EtcdServer etcd, String caFile) throws Exception {
        Map<String, String> env = new HashMap<>();
        env.put("HERMES_GATEWAY_LOCK_DIR", null);
        env.put("HOSTWARDEN_FLEET", null);
        env.put("HOSTWARDEN_FLEET_CA_FILE", caFile);
        env.put("HOSTWARDEN_SETTINGS", "/nonexistent/hostwarden-test-settings.json");
        env.put("XDG_STATE_HOME", temp.resolve("state").toString());
        return ChildProcess.java(Main.class, env, "run", "serve", "--lock-dir", temp.resolve("locks").toString(),
                "--home", temp.resolve("home").toString(), "--fleet", etcd.url(), "--fleet-ttl", "3");
    }

    @Test
    void aCaFileMakesAnHttpsFleetTrustedAndWithoutOneItIsOneLine() throws Exception {
        try (EtcdServer etcd = EtcdServer.startTls(temp)) {
            try (ChildProcess untrusted = owner(etcd, null)) {
                assertEquals(78, untrusted.waitFor(PATIENCE));
                String line = untrusted.stderr().strip();
                assertTrue(line.startsWith("hostwarden: fleet: cannot reach the fleet's etcd (" + etcd.url() + ": its TLS certificate is not trusted here")
                        && !line.contains("\n"), line);
            }
            Path empty = Files.writeString(temp.resolve("empty.pem"), "not a certificate\n");
            try (ChildProcess broken = owner(etcd, empty.toString())) {
                assertEquals(78, broken.waitFor(PATIENCE));
                String line = broken.stderr().strip();
                assertTrue(line.startsWith("hostwarden: fleet: fleet CA file '" + empty + "' cannot be used") && !line.contains("\n"), line);
            }
            try (ChildProcess trusted = owner(etcd, etcd.caFile().toString())) {
                assertTrue(trusted.awaitLine(l -> l.startsWith("READY"), PATIENCE).startsWith("READY"), trusted.stderr());
            }
        }
    }
}
