package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.testsupport.Python;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files no command may crash or block on (issue 8, points 3, 4, 5 and 9): a record field that can
 * name no path, a FIFO (or other non-regular file) where a marker or record belongs, a directory
 * with entries at the record path, and the edge values on which hermes' Python reading decides.
 */
class HostileFilesTest {
    private static final Role ROLE = Role.GATEWAY;
    /** Generous: only a blocked read (which never ends) can exceed it. */
    private static final Duration NEVER_BLOCKS = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private Path dir;
    private HostRendezvous rendezvous;

    private void prepare() throws IOException {
        dir = tmp.resolve("gateway-locks");
        rendezvous = Fixtures.rendezvous(dir);
        Fixtures.lockFile(dir, ROLE);
    }

    @AfterEach
    void releaseLocks() {
        if (rendezvous != null) {
            rendezvous.releaseHostLock(ROLE);
        }
    }

    /** This process as a live owner: it holds the lock, and its own record is what the test writes. */
    private String liveOwnRecord() {
        assertTrue(rendezvous.claimHostLock(ROLE).acquired());
        HostRecord own = rendezvous.ownRecord(ROLE, "", null, List.of("default"), "", tmp.resolve("home").toString());
        return new String(RecordCodec.encode(own), StandardCharsets.UTF_8);
    }

    private Cli.Result status() {
        return Cli.run("status", "--json", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
    }

    private static List<String> codes(JsonNode role) {
        List<String> codes = new ArrayList<>();
        role.path("reasons").forEach(reason -> codes.add(reason.path("code").asText()));
        return codes;
    }

    private static String messages(JsonNode role) {
        return role.path("reasons").toString();
    }

    // ---- point 3: a field that can name no path ---------------------------------------------------

    /**
     * A home with a NUL or a lone surrogate: no OS path holds either (Python: {@code os.stat("a\x00b")}
     * raises ValueError, {@code os.stat("\ud800")} UnicodeEncodeError), so hermes cannot use the
     * record either. It is CORRUPT_RECORD: UNPROVABLE under the held lock, one JSON document, no trace.
     */
    @Test
    void aHomeThatCanNameNoPathIsACorruptRecordNeverAStackTrace() throws Exception {
        prepare();
        String valid = liveOwnRecord();
        String home = "\"home\":\"" + tmp.resolve("home") + "\"";
        assertTrue(valid.contains(home), valid);
        for (String hostile : List.of("\"home\":\"/tmp/a\\u0000b\"", "\"home\":\"/tmp/\\ud800\"", "\"home\":\"/tmp/\\udcff\"")) {
            Fixtures.writeRaw(dir, ROLE, valid.replace(home, hostile));
            Cli.Result result = status();
            assertEquals(4, result.exit(), hostile + "\n" + result);
            assertEquals("UNPROVABLE", result.role().path("verdict").asText(), result.toString());
            assertEquals(List.of("CORRUPT_RECORD"), codes(result.role()), result.toString());
            assertTrue(messages(result.role()).contains("\\\"home\\\" cannot name a directory"), result.toString());
            assertEquals("", result.err());
            Cli.Result text = Cli.run("explain", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
            assertEquals(4, text.exit(), text.toString());
        }
    }

    // ---- point 9: hermes' reading of edge values --------------------------------------------------

    /**
     * hermes reads {@code path.read_text(encoding="utf-8-sig")} and has no record when that raises
     * UnicodeDecodeError; the python3 on this machine is asked the same of the very bytes written.
     * A live owner's record with one byte that is not UTF-8 is therefore CORRUPT_RECORD, not LIVE.
     */
    @Test
    void aRecordThatIsNotUtf8IsCorruptAsHermesCannotDecodeIt() throws Exception {
        prepare();
        String valid = liveOwnRecord();
        for (byte[] bad : List.of(new byte[] {(byte) 0xff}, new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
                new byte[] {(byte) 0xc0, (byte) 0xaf}, new byte[] {(byte) 0xe2, (byte) 0x82})) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            int at = valid.indexOf("\"default\"") + 1;
            bytes.write(valid.substring(0, at).getBytes(StandardCharsets.UTF_8));
            bytes.write(bad);
            bytes.write(valid.substring(at).getBytes(StandardCharsets.UTF_8));
            Path record = Fixtures.writeRaw(dir, ROLE, bytes.toByteArray());
            assertEquals("UnicodeDecodeError", hermesReads(record), "what hermes' reading does with these bytes");

            Cli.Result result = status();
            assertEquals("UNPROVABLE", result.role().path("verdict").asText(), result.toString());
            assertEquals(List.of("CORRUPT_RECORD"), codes(result.role()), result.toString());
            assertTrue(messages(result.role()).contains("not valid UTF-8 (at byte " + at + ")"),
                    result.toString());
        }
    }

    /**
     * hermes' {@code protocol_version=version if isinstance(version, int) else 0}, then
     * {@code record.protocol_version != HOST_PROTOCOL_VERSION} means stale. A Python bool is an int,
     * so {@code true} stays True and {@code True != 1} is False: accepted, LIVE. {@code 1.0} is a
     * float, becomes 0, and is stale; so are false, "1" and 1.5. python3 is asked each value.
     */
    @Test
    void protocolVersionEdgeValuesAreReadAsHermesReadsThem() throws Exception {
        prepare();
        String valid = liveOwnRecord();
        for (String value : List.of("true", "1", "1.0", "false", "\"1\"", "1.5", "0")) {
            Path record = Fixtures.writeRaw(dir, ROLE, valid.replace("\"protocolVersion\":1", "\"protocolVersion\":" + value));
            boolean hermesAccepts = hermesReads(record).equals("accepted");
            Cli.Result result = status();
            assertEquals(hermesAccepts ? "LIVE" : "STALE", result.role().path("verdict").asText(), value + "\n" + result);
            assertEquals(!hermesAccepts, codes(result.role()).contains("PROTOCOL_MISMATCH"), value + "\n" + result);
            assertEquals(value.equals("true") || value.equals("1"), hermesAccepts, value + ": python3's answer, as the test expects");
        }
    }

    /**
     * hermes' {@code read_token}: {@code token_path(role).read_text(encoding="utf-8-sig").strip()},
     * "" when that raises UnicodeDecodeError. A byte order mark is dropped (consistent); bytes that
     * are not UTF-8 are no token at all (a mismatch).
     */
    @Test
    void aTokenIsDecodedAsHermesDecodesIt() throws Exception {
        prepare();
        Fixtures.publishDead(dir, ROLE, "token");
        Path token = rendezvous.tokenPath(ROLE);
        Files.write(token, new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf, 't', 'o', 'k', 'e', 'n', '\n'});
        assertFalse(codes(status().role()).contains("TOKEN_MISMATCH"), "a byte order mark is not part of the token");
        Files.write(token, new byte[] {'t', 'o', 'k', 'e', 'n', (byte) 0xff});
        assertTrue(codes(status().role()).contains("TOKEN_MISMATCH"), "bytes that are not UTF-8 are no token");
    }

    /**
     * What hermes' {@code read_record} makes of a file: its decoding and its protocol check, in the
     * python3 of this machine ("UnicodeDecodeError", "accepted" or "stale").
     */
    private String hermesReads(Path record) throws Exception {
        String script = "import json, sys\n"
                + "try:\n"
                + "    raw = open(sys.argv[1], encoding='utf-8-sig').read()\n"
                + "except UnicodeDecodeError:\n"
                + "    print('UnicodeDecodeError'); sys.exit()\n"
                + "version = json.loads(raw).get('protocolVersion')\n"
                + "version = version if isinstance(version, int) else 0\n"
                + "print('stale' if version != 1 else 'accepted')\n";
        Process python = new ProcessBuilder(Python.python3(), "-c", script, record.toString()).redirectErrorStream(true).start();
        assertTrue(python.waitFor(60, TimeUnit.SECONDS), "python3 answered");
        return new String(python.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    }

    // ---- point 4: non-regular files are never opened ----------------------------------------------

    private static void mkfifo(Path path) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", path.toString()).start();
        assertEquals(0, mkfifo.waitFor(), "mkfifo");
    }

    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void markerShowReportsAFifoOrOtherSpecialFileWithoutBlocking() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path marker = PlannedStopMarker.pathFor(home);
        mkfifo(marker);
        Cli.Result fifo = assertTimeoutPreemptively(NEVER_BLOCKS, () -> Cli.run("marker", "show", "--home", home.toString()).assertPlain());
        assertEquals(1, fifo.exit(), fifo.toString());
        assertTrue(fifo.out().contains("named pipe (FIFO), not a regular file"), fifo.toString());
        Cli.Result json = assertTimeoutPreemptively(NEVER_BLOCKS,
                () -> Cli.run("marker", "show", "--json", "--home", home.toString()).assertPlain());
        assertEquals(1, json.exit());
        assertTrue(json.json().path("problem").asText().contains("FIFO"), json.toString());
        assertTrue(Files.exists(marker), "show is read-only");

        Files.delete(marker);
        try (ServerSocketChannel socket = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            socket.bind(UnixDomainSocketAddress.of(marker));
            Cli.Result result = assertTimeoutPreemptively(NEVER_BLOCKS, () -> Cli.run("marker", "show", "--home", home.toString()).assertPlain());
            assertEquals(1, result.exit());
            assertTrue(result.out().contains("a socket, not a regular file"), result.toString());
        }
        Files.delete(marker);
        Files.createDirectory(marker);
        Cli.Result directory = Cli.run("marker", "show", "--home", home.toString()).assertPlain();
        assertTrue(directory.out().contains("a directory, not a regular file"), directory.toString());
    }

    @Test
    @EnabledOnOs(OS.LINUX)
    void aCharacterDeviceAtTheMarkerPathIsNeverRead() throws Exception {
        Fixtures.assumeRoot("mknod needs root");
        Path home = Files.createDirectories(tmp.resolve("home"));
        // /dev/zero's numbers: a read would never end (it always has more bytes).
        Process mknod = new ProcessBuilder("mknod", PlannedStopMarker.pathFor(home).toString(), "c", "1", "5").start();
        assertEquals(0, mknod.waitFor(), "mknod");
        Cli.Result result = assertTimeoutPreemptively(NEVER_BLOCKS, () -> Cli.run("marker", "show", "--home", home.toString()).assertPlain());
        assertEquals(1, result.exit());
        assertTrue(result.out().contains("a character device, not a regular file"), result.toString());
    }

    /** The owner's home carries a FIFO as its socket pointer file and as its marker: status still answers. */
    @Test
    @EnabledOnOs({OS.LINUX, OS.MAC})
    void fifosInTheOwnersHomeAndAsTheTokenNeverBlockStatus() throws Exception {
        prepare();
        Path home = Files.createDirectories(tmp.resolve("home"));
        mkfifo(home.resolve("gateway.sock.path"));
        mkfifo(PlannedStopMarker.pathFor(home));
        String valid = liveOwnRecord().replace("\"tokenFingerprint\":\"\"", "\"tokenFingerprint\":\"" + Tokens.fingerprint("t") + "\"");
        Fixtures.writeRaw(dir, ROLE, valid);
        mkfifo(rendezvous.tokenPath(ROLE));
        Cli.Result result = assertTimeoutPreemptively(NEVER_BLOCKS, this::status);
        assertEquals("LIVE", result.role().path("verdict").asText(), result.toString());
        assertTrue(codes(result.role()).contains("TOKEN_MISMATCH"), result.toString());
    }

    // ---- point 5: a directory at the record path ---------------------------------------------------

    /**
     * retractable is true exactly when retract would succeed: an empty directory is removed (as a
     * file would be); one with entries is not retractable, says so, and names a fix a person can do.
     */
    @Test
    void aDirectoryWithEntriesAtTheRecordPathIsNotRetractableAndSaysWhatToDo() throws Exception {
        prepare();
        Path record = rendezvous.recordPath(ROLE);
        Files.createDirectory(record);
        Files.writeString(record.resolve("someone's file"), "kept");
        Files.writeString(rendezvous.tokenPath(ROLE), "token");

        Cli.Result result = status();
        JsonNode role = result.role();
        assertEquals("STALE", role.path("verdict").asText(), result.toString());
        assertEquals(List.of("CORRUPT_RECORD"), codes(role));
        assertTrue(messages(role).contains("is a directory, not a record file"), result.toString());
        assertFalse(role.path("retractable").asBoolean(), result.toString());

        Cli.Result text = Cli.run("status", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
        assertFalse(text.out().contains("hostwarden retract"), "never a fix that fails:\n" + text);
        assertTrue(text.out().contains("fix     " + record + " is a directory with entries in it")
                && text.out().contains("(rm -r " + record + ")"), text.toString());
        Cli.Result explain = Cli.run("explain", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
        assertTrue(explain.out().contains("retract:     would refuse: " + record + " is a directory"), explain.toString());

        Cli.Result retract = Cli.run("retract", "--json", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
        assertEquals(4, retract.exit(), retract.toString());
        assertEquals("RECORD_IS_DIRECTORY", retract.json().path("refused").path("code").asText(), retract.toString());
        assertEquals(0, retract.json().path("removed").size());
        assertEquals("kept", Files.readString(record.resolve("someone's file")));
        assertTrue(Files.exists(rendezvous.tokenPath(ROLE)), "nothing removed, not even the token");

        // The fix as printed works; then status and retract agree again.
        Process rm = new ProcessBuilder("rm", "-r", record.toString()).start();
        assertEquals(0, rm.waitFor());
        assertTrue(status().role().path("retractable").asBoolean());
        assertEquals(0, Cli.run("retract", "--lock-dir", dir.toString(), ROLE.wireName()).exit());
    }

    @Test
    void anEmptyDirectoryAtTheRecordPathIsRetractableAndRetractRemovesIt() throws Exception {
        prepare();
        Path record = Files.createDirectory(rendezvous.recordPath(ROLE));
        Cli.Result result = status();
        assertTrue(result.role().path("retractable").asBoolean(), result.toString());
        assertTrue(messages(result.role()).contains("is a directory, not a record file"), result.toString());
        Cli.Result retract = Cli.run("retract", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
        assertEquals(0, retract.exit(), retract.toString());
        assertFalse(Files.exists(record));
    }
}
