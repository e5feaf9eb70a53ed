package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** {@code hostwarden profiles}, {@code profiles rescan} and {@code profiles clear-marker}: output shapes and exit codes. */
@DisabledOnOs(OS.WINDOWS)
class ProfilesCommandTest {
    private static final long DEAD_PID = 4_194_303;

    @TempDir
    Path tmp;
    Path root;
    Path locks;

    @BeforeEach
    void homes() throws Exception {
        root = Files.createDirectories(tmp.resolve("hermes"));
        Files.createDirectories(root.resolve("profiles").resolve("work"));
        locks = tmp.resolve("locks");
    }

    private Cli.Result profiles(String... args) {
        List<String> all = new ArrayList<>(List.of("profiles"));
        all.addAll(List.of(args));
        all.addAll(List.of("--home", root.toString(), "--lock-dir", locks.toString()));
        return Cli.run(all.toArray(String[]::new)).assertPlain();
    }

    private Path marker(String profile, long target, long secondsAgo) throws Exception {
        Path home = profile.equals("default") ? root : root.resolve("profiles").resolve(profile);
        return Files.writeString(home.resolve(".gateway-planned-stop.json"), "{\"target_pid\": " + target
                + ", \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \""
                + OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(secondsAgo) + "\"}");
    }

    @Test
    void listsEveryHomeInTheContractsJsonShape() throws Exception {
        marker("work", DEAD_PID, 1);
        Files.writeString(root.resolve("gateway.pid"), "{oops");
        Cli.Result result = profiles("--json");
        assertEquals(0, result.exit(), result.toString());
        JsonNode json = result.json();
        assertEquals(root.toString(), json.path("hermesHome").asText());
        assertTrue(json.path("owner").isNull(), "no live gateway owner");
        JsonNode first = json.path("profiles").get(0);
        assertEquals("default", first.path("name").asText());
        assertEquals(root.toString(), first.path("home").asText());
        assertFalse(first.path("served").asBoolean(true));
        assertTrue(first.path("standalone").isNull());
        assertTrue(first.path("leftovers").get(0).path("why").asText().contains("gateway.pid is not JSON"), first.toString());
        JsonNode work = json.path("profiles").get(1);
        assertEquals("work", work.path("name").asText());
        assertEquals(DEAD_PID, work.path("marker").path("targetPid").asLong());
        assertEquals("dead", work.path("marker").path("target").asText());
        assertTrue(work.path("marker").path("clearable").asBoolean());

        Cli.Result text = profiles();
        assertEquals(0, text.exit());
        assertTrue(text.out().contains("gateway owner: none"), text.out());
        assertTrue(text.out().contains("planned-stop marker: names PID " + DEAD_PID + " (PID " + DEAD_PID + " is not running)"), text.out());
    }

    @Test
    void homesThatCannotBeReadExit4WithOneLine() throws Exception {
        Files.delete(root.resolve("profiles").resolve("work"));
        Files.delete(root.resolve("profiles"));
        Files.writeString(root.resolve("profiles"), "not a directory");
        Cli.Result result = profiles();
        assertEquals(4, result.exit(), result.toString());
        assertEquals(1, result.err().lines().count(), result.err());
        assertTrue(result.err().contains("the profiles directory " + root.resolve("profiles")), result.err());
    }

    @Test
    void rescanWithoutAnOwnerExits3AndWithASilentOwnerExits1() throws Exception {
        Cli.Result none = profiles("rescan");
        assertEquals(3, none.exit(), none.toString());
        assertTrue(none.err().contains("Rescan profiles: no live gateway owner"), none.err());

        HostRendezvous rendezvous = Fixtures.rendezvous(locks);
        assertTrue(rendezvous.claimHostLock(Role.GATEWAY).acquired());
        rendezvous.publishRecord(Role.GATEWAY, "", null, List.of(), Tokens.newToken(), root.toString());
        try (ServerSocketChannel silent = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            silent.bind(UnixDomainSocketAddress.of(root.resolve("gateway.sock")));
            Cli.Result quiet = profiles("rescan", "--json");
            assertEquals(1, quiet.exit(), quiet.toString());
            assertEquals("no-answer", quiet.json().path("outcome").asText());
            assertTrue(quiet.json().path("before").isNull(), "the served set is unknown, not empty");
            assertTrue(quiet.err().contains("within 2 s"), quiet.err());

            Cli.Result listing = profiles("--json");
            assertEquals(0, listing.exit());
            assertFalse(listing.json().path("owner").path("answered").asBoolean(true));
            assertTrue(listing.json().path("profiles").get(0).path("served").isNull(), "served unknown while the socket is silent");
        } finally {
            rendezvous.clearOwnRecord(Role.GATEWAY);
            rendezvous.releaseHostLock(Role.GATEWAY);
        }
    }

    @Test
    void clearMarkerRemovesOnlyExpiredOrOrphanedMarkersAndSaysWhy() throws Exception {
        Path live = marker("default", Platform.currentPid(), 3);
        Cli.Result refused = profiles("clear-marker", "default");
        assertEquals(1, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("Clear expired marker: keeps " + live), refused.err());
        assertTrue(Files.exists(live));

        Path expired = marker("work", Platform.currentPid(), 3600);
        Cli.Result dry = profiles("clear-marker", "work", "--dry-run");
        assertEquals(0, dry.exit(), dry.toString());
        assertTrue(dry.out().startsWith("would remove: Clear expired marker: removes " + expired), dry.out());
        assertTrue(Files.exists(expired), "--dry-run changes nothing");
        Cli.Result cleared = profiles("clear-marker", "work");
        assertEquals(0, cleared.exit(), cleared.toString());
        assertFalse(Files.exists(expired));
        assertEquals(3, profiles("clear-marker", "work").exit(), "no marker left");
    }

    @Test
    void aNameThatIsNoProfileIsAUsageErrorNamingIt() {
        for (String bad : new String[] {"nope", "../hermes", "a\nb"}) {
            Cli.Result result = profiles("clear-marker", bad);
            assertEquals(2, result.exit(), result.toString());
            assertEquals(1, result.err().lines().count(), result.err());
            assertTrue(result.err().contains("is not a profile of " + root), result.err());
        }
    }
}
