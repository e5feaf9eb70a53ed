package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Records that cannot be used, on disk: each gives its reason code through the core and through
 * {@code status --json}, never an exception; STALE while the lock is free, UNPROVABLE while held; a
 * foreign user's record counts as absent and is never removed.
 */
class CorruptRecordsTest {
    private static final Role ROLE = Role.GATEWAY;

    @TempDir
    Path tmp;

    private Path dir;
    private HostRendezvous rendezvous;

    @FunctionalInterface
    interface Setup {
        void apply(Path dir, Path outside) throws Exception;
    }

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

    private static String validJson(long pid) {
        return new String(RecordCodec.encode(Fixtures.record(ROLE, pid, "")), StandardCharsets.UTF_8);
    }

    /** Python's json writes NaN for a float NaN; it is not JSON, so such a record is corrupt. */
    private static String withNaNCreateTime(String json) {
        String replaced = json.replaceFirst("\"createTime\":[^,]+,", "\"createTime\":NaN,");
        if (replaced.equals(json)) {
            throw new AssertionError("fixture has no createTime to replace: " + json);
        }
        return replaced;
    }

    static Stream<Arguments> corruptRecords() {
        List<Arguments> cases = new ArrayList<>();
        cases.add(Arguments.of("empty", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, "")));
        cases.add(Arguments.of("not JSON", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, "hello")));
        cases.add(Arguments.of("truncated mid-write", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, "{\"role\":\"gateway\",\"pid\":12")));
        cases.add(Arguments.of("an array", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, "[" + validJson(1) + "]")));
        cases.add(Arguments.of("trailing garbage", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, validJson(1) + "\u0000\u0000garbage")));
        cases.add(Arguments.of("two documents", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, validJson(1) + "\n" + validJson(2))));
        cases.add(Arguments.of("NaN", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, withNaNCreateTime(validJson(1)))));
        cases.add(Arguments.of("oversized", (Setup) (dir, outside) ->
                Fixtures.writeRaw(dir, ROLE, validJson(1) + " ".repeat(PrivateFiles.MAX_BYTES))));
        cases.add(Arguments.of("pid as a string", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, validJson(4242).replace("4242,", "\"4242\","))));
        cases.add(Arguments.of("pid as a boolean", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, validJson(4242).replace("4242,", "true,"))));
        cases.add(Arguments.of("pid zero", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, validJson(4242).replace("4242,", "0,"))));
        cases.add(Arguments.of("unknown role", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, validJson(4242).replace("\"gateway\"", "\"bogus\""))));
        cases.add(Arguments.of("BOM before garbage", (Setup) (dir, outside) -> Fixtures.writeRaw(dir, ROLE, "\uFEFF{oops")));
        cases.add(Arguments.of("symlinked record", (Setup) (dir, outside) -> {
            Path target = Files.writeString(outside.resolve("elsewhere.json"), validJson(ProcessHandle.current().pid()));
            Files.createSymbolicLink(RendezvousDir.of(dir).recordPath(ROLE), target);
        }));
        cases.add(Arguments.of("a directory at the record path", (Setup) (dir, outside) ->
                Files.createDirectory(RendezvousDir.of(dir).recordPath(ROLE))));
        cases.add(Arguments.of("a FIFO at the record path (never opened, so never blocks)", (Setup) (dir, outside) -> {
            Process mkfifo = new ProcessBuilder("mkfifo", RendezvousDir.of(dir).recordPath(ROLE).toString()).start();
            assertEquals(0, mkfifo.waitFor(), "mkfifo");
        }));
        return cases.stream();
    }

    private void setUp(Setup setup) throws Exception {
        prepare();
        setup.apply(dir, tmp);
    }

    private static boolean hasReason(JsonNode role, String code) {
        for (JsonNode reason : role.path("reasons")) {
            if (reason.path("code").asText().equals(code)) {
                return true;
            }
        }
        return false;
    }

    private Cli.Result status() {
        return Cli.run("status", "--json", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
    }

    @ParameterizedTest(name = "{0}: STALE with CORRUPT_RECORD while the lock is free")
    @MethodSource("corruptRecords")
    void isStaleWhileTheLockIsFree(String name, Setup setup) throws Exception {
        setUp(setup);
        RoleReport report = new RoleInspector(rendezvous, false).inspect(ROLE);
        assertEquals(Verdict.STALE, report.verdict(), report.reasons().toString());
        assertTrue(report.hasReason(ReasonCode.CORRUPT_RECORD), report.reasons().toString());
        assertTrue(report.retractable(), "retract would remove the unusable file");
        assertFalse(report.reasons().get(0).message().contains("Exception"), report.reasons().toString());

        Cli.Result cli = status();
        assertEquals(1, cli.exit(), cli.toString());
        JsonNode role = cli.role();
        assertEquals("STALE", role.path("verdict").asText());
        assertTrue(hasReason(role, "CORRUPT_RECORD"), cli.toString());
        assertTrue(role.path("record").isNull(), cli.toString());
        assertEquals("FREE", role.path("lock").path("state").asText());
        assertEquals("", cli.err());
    }

    @ParameterizedTest(name = "{0}: UNPROVABLE with CORRUPT_RECORD while the lock is held")
    @MethodSource("corruptRecords")
    void isUnprovableWhileTheLockIsHeld(String name, Setup setup) throws Exception {
        setUp(setup);
        assertTrue(rendezvous.claimHostLock(ROLE).acquired());
        RoleReport report = new RoleInspector(rendezvous, false).inspect(ROLE);
        assertEquals(Verdict.UNPROVABLE, report.verdict(), report.reasons().toString());
        assertTrue(report.hasReason(ReasonCode.CORRUPT_RECORD), report.reasons().toString());
        assertTrue(report.lock().ownedByThisProcess(), "held in this JVM: the probe answers from the registry");

        Cli.Result cli = status();
        assertEquals(4, cli.exit(), cli.toString());
        assertEquals("UNPROVABLE", cli.role().path("verdict").asText());
        assertTrue(hasReason(cli.role(), "CORRUPT_RECORD"), cli.toString());
        assertTrue(cli.role().path("lock").path("ownedByThisProcess").asBoolean(), cli.toString());
        assertTrue(rendezvous.probeHostLock(ROLE).ownedByThisProcess(), "status left our lock alone");
    }

    @ParameterizedTest(name = "{0}: retract removes the file itself, never the lock file or a link's target")
    @MethodSource("corruptRecords")
    void retractRemovesTheUnusableFile(String name, Setup setup) throws Exception {
        setUp(setup);
        Path record = rendezvous.recordPath(ROLE);
        Object lockInode = Files.getAttribute(rendezvous.lockPath(ROLE), "unix:ino");
        Cli.Result retract = Cli.run("retract", "--json", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
        assertEquals(0, retract.exit(), retract.toString());
        assertEquals(record.toString(), retract.json().path("removed").get(0).asText());
        assertFalse(Files.exists(record, LinkOption.NOFOLLOW_LINKS));
        assertEquals(lockInode, Files.getAttribute(rendezvous.lockPath(ROLE), "unix:ino"));
        if (name.startsWith("symlinked")) {
            assertTrue(Files.isRegularFile(tmp.resolve("elsewhere.json")), "the link's target survives");
        }
    }

    @Test
    void aCorruptRecordUnderALockHeldByAnotherJvmIsUnprovable() throws Exception {
        prepare();
        try (ChildProcess owner = Owners.lockOnly(dir, ROLE)) {
            Fixtures.writeRaw(dir, ROLE, "{\"role\":\"gateway\",");
            Cli.Result cli = status();
            assertEquals(4, cli.exit(), cli.toString());
            JsonNode role = cli.role();
            assertEquals("UNPROVABLE", role.path("verdict").asText());
            assertTrue(hasReason(role, "CORRUPT_RECORD"), cli.toString());
            assertEquals("HELD", role.path("lock").path("state").asText());
            assertEquals(owner.pid(), role.path("lock").path("holderPid").asLong());
            assertFalse(role.path("lock").path("ownedByThisProcess").asBoolean());
            Cli.Result retract = Cli.run("retract", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
            assertEquals(1, retract.exit(), retract.toString());
            assertTrue(Files.exists(rendezvous.recordPath(ROLE)), "never removed under a held lock");
        }
    }

    @Test
    void aByteOrderMarkIsToleratedAndTheRecordJudged() throws Exception {
        prepare();
        HostRecord dead = Fixtures.record(ROLE, Fixtures.deadPid(), "");
        Fixtures.writeRaw(dir, ROLE, "\uFEFF" + new String(RecordCodec.encode(dead), StandardCharsets.UTF_8));
        Cli.Result cli = status();
        assertEquals(1, cli.exit(), cli.toString());
        assertEquals("STALE", cli.role().path("verdict").asText());
        assertTrue(hasReason(cli.role(), "PID_DEAD"), cli.toString());
        assertFalse(hasReason(cli.role(), "CORRUPT_RECORD"), cli.toString());
        assertEquals(dead.pid(), cli.role().path("record").path("pid").asLong());
    }

    @Test
    void anUnknownProtocolVersionIsStaleEvenForALiveIncarnation() throws Exception {
        prepare();
        assertTrue(rendezvous.claimHostLock(ROLE).acquired());
        HostRecord own = rendezvous.ownRecord(ROLE, "", null, List.of(), "", "");
        String future = new String(RecordCodec.encode(own), StandardCharsets.UTF_8).replace("\"protocolVersion\":1", "\"protocolVersion\":2");
        Fixtures.writeRaw(dir, ROLE, future);
        RoleReport report = new RoleInspector(rendezvous, false).inspect(ROLE);
        assertEquals(Verdict.STALE, report.verdict(), report.reasons().toString());
        assertTrue(report.hasReason(ReasonCode.PROTOCOL_MISMATCH), report.reasons().toString());
        assertFalse(report.hasReason(ReasonCode.CORRUPT_RECORD));
        assertEquals(2, report.record().recordOrNull().protocolVersion());
    }

    @Test
    void wrongTypedOptionalFieldsAreCoercedNotCorrupt() throws Exception {
        prepare();
        long pid = Fixtures.deadPid();
        String json = validJson(pid).replace("\"port\":null", "\"port\":\"9119\"").replace("\"profiles\":[\"default\"]", "\"profiles\":\"default\"")
                .replace("\"host\":\"\"", "\"host\":false");
        Fixtures.writeRaw(dir, ROLE, json);
        Cli.Result cli = status();
        JsonNode role = cli.role();
        assertEquals("STALE", role.path("verdict").asText(), cli.toString());
        assertTrue(hasReason(role, "PID_DEAD"), cli.toString());
        assertTrue(role.path("record").path("port").isNull());
        assertEquals(0, role.path("record").path("profiles").size());
        assertEquals("", role.path("record").path("host").asText());
    }

    @Test
    void aForeignUsersRecordCountsAsAbsentAndIsNeverRemoved() throws Exception {
        Fixtures.assumeRoot("a record of another uid needs chown");
        prepare();
        Fixtures.publishDead(dir, ROLE, "foreign-token");
        Path record = rendezvous.recordPath(ROLE);
        Files.setAttribute(record, "unix:uid", 65534);

        RoleReport report = new RoleInspector(rendezvous, false).inspect(ROLE);
        assertEquals(Verdict.NO_OWNER, report.verdict(), report.reasons().toString());
        assertTrue(report.hasReason(ReasonCode.FOREIGN_OWNER_FILE));
        assertTrue(report.hasReason(ReasonCode.NO_RECORD));
        assertFalse(report.retractable());

        Cli.Result cli = status();
        assertEquals(3, cli.exit(), cli.toString());
        assertTrue(hasReason(cli.role(), "FOREIGN_OWNER_FILE"), cli.toString());
        assertTrue(cli.role().path("record").isNull());
        assertFalse(cli.role().path("retractable").asBoolean());

        Cli.Result retract = Cli.run("retract", "--json", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain();
        assertEquals(3, retract.exit(), retract.toString());
        assertEquals(0, retract.json().path("removed").size());
        assertTrue(Files.exists(record), "a foreign record is never removed");
        assertTrue(Files.exists(rendezvous.tokenPath(ROLE)), "nor the token beside it");

        try (ChildProcess owner = Owners.lockOnly(dir, ROLE)) {
            Cli.Result held = status();
            assertEquals(4, held.exit(), held.toString());
            assertEquals("STARTING", held.role().path("verdict").asText());
            assertTrue(hasReason(held.role(), "FOREIGN_OWNER_FILE"), held.toString());
            assertTrue(hasReason(held.role(), "LOCK_HELD_NO_RECORD"), held.toString());
        }
        assertTrue(Files.exists(record));
    }

    /** Another user's directory is not a rendezvous this user may use: UNUSABLE, and nothing in it is touched. */
    @Test
    void aForeignUsersDirectoryIsUnusableAndNothingInItIsRemoved() throws Exception {
        Fixtures.assumeRoot("a directory of another uid needs chown");
        prepare();
        Fixtures.publishDead(dir, ROLE, "foreign-dir-token");
        Files.setAttribute(dir, "unix:uid", 65534);
        Cli.Result cli = status();
        assertEquals(4, cli.exit(), cli.toString());
        assertEquals("UNUSABLE", cli.role().path("verdict").asText(), cli.toString());
        assertTrue(hasReason(cli.role(), "LOCK_DIR_UNUSABLE"), cli.toString());
        assertTrue(cli.role().path("reasons").get(0).path("message").asText().contains("belongs to another user (uid 65534"), cli.toString());
        assertFalse(cli.role().path("retractable").asBoolean());
        assertEquals(4, Cli.run("retract", "--lock-dir", dir.toString(), ROLE.wireName()).assertPlain().exit());
        assertTrue(Files.exists(rendezvous.recordPath(ROLE)));
        assertTrue(Files.exists(rendezvous.tokenPath(ROLE)));
    }
}
