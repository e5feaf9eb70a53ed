package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.marker.TakeoverMarker;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.OwnerProbe;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embeddable owner in this JVM: endpoint, exit-code decision, cleanup. */
class HostOwnerTest {
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path tmp;

    private HostRendezvous rendezvous() {
        return HostRendezvous.at(RendezvousDir.of(tmp.resolve("locks")), ProcessInspector.system());
    }

    private HostOwner serve() throws Exception {
        return HostOwner.builder(Role.SERVE).home(tmp.resolve("home")).port(0).profiles(List.of("default", "work"))
                .pollInterval(Duration.ofMillis(50)).rendezvous(rendezvous()).build();
    }

    private static int status(int port, String header, String value) throws Exception {
        HttpURLConnection connection = (HttpURLConnection) URI.create("http://127.0.0.1:" + port + OwnerProbe.IDENTITY_PATH).toURL().openConnection();
        if (header != null) {
            connection.setRequestProperty(header, value);
        }
        try {
            return connection.getResponseCode();
        } finally {
            connection.disconnect();
        }
    }

    @Test
    void theIdentityEndpointAnswersOnlyWithTheToken() throws Exception {
        try (HostOwner owner = serve()) {
            owner.start();
            HostRecord record = rendezvous().readRecord(Role.SERVE, false);
            assertNotNull(record);
            assertEquals(List.of("default", "work"), record.profiles());
            String token = rendezvous().store().readToken(Role.SERVE).orElseThrow();
            var answer = OwnerProbe.probe(record, token, WAIT);
            assertTrue(answer.isPresent(), "the endpoint answers as this PID and role with the token");
            assertFalse(answer.get().toString().contains(token), "the identity never carries the token");
            int port = record.port();
            assertEquals(200, status(port, "Authorization", "Bearer " + token));
            assertEquals(401, status(port, null, null));
            assertEquals(401, status(port, "X-Hermes-Token", "wrong"));
        }
        assertFalse(Files.exists(rendezvous().recordPath(Role.SERVE)));
        assertFalse(Files.exists(rendezvous().tokenPath(Role.SERVE)));
    }

    @Test
    void aMarkerNamingThisProcessIsAPlannedStop() throws Exception {
        try (HostOwner owner = serve()) {
            owner.start();
            assertNull(owner.awaitStop(Duration.ofMillis(1)), "nothing asked it to stop yet");
            assertTrue(PlannedStopMarker.write(owner.home(), Platform.currentPid(), ProcessInspector.system()));
            assertEquals(HostOwner.EXIT_PLANNED, owner.awaitStop(WAIT), "the watcher found the marker");
            assertFalse(Files.exists(PlannedStopMarker.pathFor(owner.home())), "the handler consumed it");
            assertFalse(Files.exists(rendezvous().recordPath(Role.SERVE)), "the drain removed the record");
            assertFalse(rendezvous().probeHostLock(Role.SERVE).heldOrUnknown(), "and released the host lock");
        }
    }

    @Test
    void aSignalWithoutAMarkerIsUnexpectedButSigintAndATakeoverArePlanned() throws Exception {
        try (HostOwner owner = serve()) {
            owner.start();
            owner.requestStop("TERM");
            owner.requestStop("INT");
            assertEquals(HostOwner.EXIT_UNEXPECTED_SIGNAL, owner.awaitStop(WAIT), "the first request decides; later ones are ignored");
        }
        try (HostOwner owner = serve()) {
            owner.start();
            owner.requestStop("INT");
            assertEquals(HostOwner.EXIT_PLANNED, owner.awaitStop(WAIT));
        }
        try (HostOwner owner = serve()) {
            owner.start();
            assertTrue(TakeoverMarker.write(owner.home(), Platform.currentPid(), owner.home(), ProcessInspector.system()));
            owner.requestStop("TERM");
            assertEquals(HostOwner.EXIT_PLANNED, owner.awaitStop(WAIT), "a --replace takeover naming us is planned");
            assertFalse(Files.exists(TakeoverMarker.pathFor(owner.home())));
        }
    }

    @Test
    void badConfigurationIsExit78BeforeAnythingIsTouched() {
        var bad = assertThrows(OwnerStartException.class,
                () -> HostOwner.builder(Role.GATEWAY).home(tmp.resolve("home")).port(9119).rendezvous(rendezvous()).build());
        assertEquals(78, bad.exitCode());
        assertTrue(bad.getMessage().contains("9119"), bad.getMessage());
        assertFalse(Files.exists(tmp.resolve("home")));
        assertFalse(Files.exists(tmp.resolve("locks")));
    }
}
