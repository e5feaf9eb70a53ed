package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.Owners;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.ByteArrayOutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command-line contract (docs/cli-contract.md): JSON shapes, verdicts, exit codes, usage errors. */
class CliContractTest {
    private static final List<String> ROLE_KEYS = List.of("role", "verdict", "record", "lock", "liveness", "reasons", "checks", "retractable", "supervision", "health");
    private static final List<String> RECORD_KEYS = List.of("role", "home", "pid", "createTime", "startTime", "bootEpoch", "host", "port",
            "protocolVersion", "tokenFingerprint", "profiles", "updatedAt");

    @TempDir
    Path tmp;

    private Path dir() {
        return tmp.resolve("gateway-locks");
    }

    private RendezvousDir rendezvous() {
        return RendezvousDir.of(dir());
    }

    private Cli.Result status(String... roles) {
        List<String> args = new ArrayList<>(List.of("status", "--json", "--lock-dir", dir().toString()));
        args.addAll(Arrays.asList(roles));
        return Cli.run(args.toArray(String[]::new)).assertPlain();
    }

    private Cli.Result retract(Role role, String... options) {
        List<String> args = new ArrayList<>(List.of("retract", "--json", "--lock-dir", dir().toString(), role.wireName()));
        args.addAll(Arrays.asList(options));
        return Cli.run(args.toArray(String[]::new)).assertPlain();
    }

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    private static List<String> reasonCodes(JsonNode role) {
        List<String> codes = new ArrayList<>();
        role.path("reasons").forEach(reason -> codes.add(reason.path("code").asText()));
        return codes;
    }

    /** The shape every role object has, whatever its verdict. */
    private void assertRoleShape(Cli.Result result, Role role, String verdict) {
        JsonNode root = result.json();
        assertEquals(List.of("lockDir", "lockDirSource", "roles"), keys(root));
        assertEquals(dir().toString(), root.path("lockDir").asText());
        assertEquals("OPTION", root.path("lockDirSource").asText());
        JsonNode node = result.role();
        assertEquals(ROLE_KEYS, keys(node), result.toString());
        assertEquals(role.wireName(), node.path("role").asText());
        assertEquals(verdict, node.path("verdict").asText(), result.toString());
        assertEquals(List.of("path", "state", "holderPid", "ownedByThisProcess"), keys(node.path("lock")));
        assertEquals(rendezvous().lockPath(role).toString(), node.path("lock").path("path").asText());
        assertEquals(List.of("incarnation", "proven", "stale"), keys(node.path("liveness")));
        assertFalse(node.path("reasons").isEmpty(), "every verdict has a reason");
        for (JsonNode reason : node.path("reasons")) {
            assertEquals(List.of("code", "message"), keys(reason));
            assertFalse(reason.path("message").asText().isBlank());
        }
        for (JsonNode check : node.path("checks")) {
            assertEquals(List.of("name", "result", "evidence"), keys(check));
            assertTrue(List.of("PASS", "FAIL", "UNPROVABLE", "SKIPPED").contains(check.path("result").asText()), check.toString());
        }
        assertTrue(node.path("retractable").isBoolean());
        if (!node.path("record").isNull()) {
            assertEquals(RECORD_KEYS, keys(node.path("record")));
        }
    }

    /**
     * {@code status --json ROLE}: its exit code and verdict, the contract's shape; {@code explain ROLE}
     * agrees (same verdict and exit code, the ordered proof, reasons, and what would happen now).
     * Returns the status role object.
     */
    private JsonNode expectVerdict(Role role, int exit, String verdict) {
        Cli.Result result = status(role.wireName());
        assertEquals(exit, result.exit(), result.toString());
        assertRoleShape(result, role, verdict);
        Cli.Result explain = Cli.run("explain", "--lock-dir", dir().toString(), role.wireName()).assertPlain();
        assertEquals(exit, explain.exit(), explain.toString());
        List<String> lines = Arrays.asList(explain.out().split("\n"));
        assertEquals(role.wireName() + ": " + verdict, lines.get(0));
        assertEquals("Proof, in order:", lines.get(1));
        JsonNode checks = result.role().path("checks");
        for (int i = 0; i < checks.size(); i++) {
            String line = lines.get(2 + i);
            assertTrue(line.matches("\\s*" + (i + 1) + "\\. " + checks.get(i).path("name").asText() + "\\s+"
                    + checks.get(i).path("result").asText() + "\\s+.*"), "check " + (i + 1) + " in order: " + line);
        }
        assertEquals("Reasons:", lines.get(2 + checks.size()));
        assertTrue(explain.out().contains("What would happen now:\n  retract:     "), explain.toString());
        assertTrue(explain.out().contains("\n  a new owner: "), explain.toString());
        return result.role();
    }

    @Test
    void noOwnerCarriesNoRecord() {
        JsonNode role = expectVerdict(Role.GATEWAY, 3, "NO_OWNER");
        assertEquals(List.of("NO_RECORD"), reasonCodes(role));
        assertTrue(role.path("record").isNull());
        assertEquals("ABSENT", role.path("lock").path("state").asText());
        assertTrue(role.path("lock").path("holderPid").isNull());
        assertEquals("NONE", role.path("liveness").path("incarnation").asText());
        assertFalse(role.path("retractable").asBoolean());
        assertFalse(Files.exists(dir()), "status created nothing");
    }

    @Test
    void liveForALockHeldByAChildThatPublished() throws Exception {
        Path home = Files.createDirectory(tmp.resolve("home"));
        try (ChildProcess owner = Owners.publishing(dir(), Role.GATEWAY, "live-token-0123", home)) {
            JsonNode role = expectVerdict(Role.GATEWAY, 0, "LIVE");
            assertEquals("LIVE", reasonCodes(role).get(0));
            assertEquals(owner.pid(), role.path("record").path("pid").asLong());
            assertEquals(home.toString(), role.path("record").path("home").asText());
            assertEquals(1, role.path("record").path("protocolVersion").asInt());
            assertEquals("HELD", role.path("lock").path("state").asText());
            assertEquals(owner.pid(), role.path("lock").path("holderPid").asLong());
            assertFalse(role.path("lock").path("ownedByThisProcess").asBoolean());
            assertEquals("MATCH", role.path("liveness").path("incarnation").asText());
            assertTrue(role.path("liveness").path("proven").asBoolean());
            assertFalse(role.path("liveness").path("stale").asBoolean());
            assertFalse(role.path("retractable").asBoolean());
            assertTrue(reasonCodes(role).contains("ENDPOINT_SILENT"), "no control socket: silent, and still LIVE");
            assertFalse(reasonCodes(role).contains("HOLDER_MISMATCH"));
            assertFalse(role.toString().contains("live-token-0123"));
        }
    }

    @Test
    void staleForADeadPidWithTheLockFree() throws Exception {
        HostRecord dead = Fixtures.publishDead(dir(), Role.SERVE, "");
        Cli.Result absentLock = status(Role.SERVE.wireName());
        assertEquals(1, absentLock.exit(), absentLock.toString());
        Fixtures.lockFile(dir(), Role.SERVE);
        JsonNode role = expectVerdict(Role.SERVE, 1, "STALE");
        assertTrue(reasonCodes(role).contains("PID_DEAD"), role.toString());
        assertEquals(dead.pid(), role.path("record").path("pid").asLong());
        assertEquals("FREE", role.path("lock").path("state").asText());
        assertEquals("MISMATCH", role.path("liveness").path("incarnation").asText());
        assertTrue(role.path("liveness").path("stale").asBoolean());
        assertTrue(role.path("retractable").asBoolean());
    }

    @Test
    void startingForAHeldLockWithoutRecord() throws Exception {
        try (ChildProcess owner = Owners.lockOnly(dir(), Role.DESKTOP_SERVE)) {
            JsonNode role = expectVerdict(Role.DESKTOP_SERVE, 4, "STARTING");
            assertEquals(List.of("LOCK_HELD_NO_RECORD"), reasonCodes(role));
            assertTrue(role.path("record").isNull());
            assertEquals(owner.pid(), role.path("lock").path("holderPid").asLong());
            assertFalse(role.path("retractable").asBoolean());

            Cli.Result refused = retract(Role.DESKTOP_SERVE);
            assertEquals(1, refused.exit(), "refused with the lock held even without a record: " + refused);
            assertEquals("LOCK_HELD", refused.json().path("refused").path("code").asText());
        }
    }

    @Test
    void unusableWhenTheLockDirRunsThroughARegularFile() throws Exception {
        Path file = Files.writeString(tmp.resolve("file"), "in the way");
        Path through = file.resolve("gateway-locks");
        Cli.Result result = Cli.run("status", "--json", "--lock-dir", through.toString(), "gateway").assertPlain();
        assertEquals(4, result.exit(), result.toString());
        JsonNode role = result.role();
        assertEquals("UNUSABLE", role.path("verdict").asText());
        assertEquals(List.of("LOCK_DIR_UNUSABLE"), reasonCodes(role));
        assertTrue(role.path("reasons").get(0).path("message").asText().contains("not a directory"), result.toString());
        assertNotEquals("HELD", role.path("lock").path("state").asText());
        assertTrue(role.path("lock").path("holderPid").isNull());
        String reasons = role.path("reasons").toString().toLowerCase();
        assertFalse(reasons.contains("held") || reasons.contains("another") || reasons.contains("owner"),
                "never phrased as another owner: " + reasons);

        Cli.Result text = Cli.run("status", "--lock-dir", through.toString(), "gateway").assertPlain();
        assertEquals(4, text.exit());
        assertTrue(text.out().contains("UNUSABLE"), text.toString());
        assertFalse(text.out().contains("HELD"), text.toString());

        Cli.Result retract = Cli.run("retract", "--json", "--lock-dir", through.toString(), "gateway").assertPlain();
        assertEquals(4, retract.exit(), retract.toString());
        assertEquals("LOCK_DIR_UNUSABLE", retract.json().path("refused").path("code").asText());
        assertEquals("UNUSABLE", retract.json().path("outcome").asText());
        assertEquals("in the way", Files.readString(file));
    }

    /** A lock path that is a link or a directory cannot be opened (a claim refuses it): UNUSABLE, never FREE. */
    @Test
    void aLockPathThatIsNotARegularFileIsUnusable() throws Exception {
        Path target = Files.writeString(tmp.resolve("elsewhere.lock"), "");
        Fixtures.publishDead(dir(), Role.SERVE, "");
        Files.createSymbolicLink(rendezvous().lockPath(Role.SERVE), target);
        Files.createDirectory(rendezvous().lockPath(Role.GATEWAY));
        for (Role role : List.of(Role.SERVE, Role.GATEWAY)) {
            assertEquals("COULD_NOT_OPEN", Fixtures.rendezvous(dir()).claimHostLock(role).outcome().name(), role.wireName());
            Cli.Result result = status(role.wireName());
            assertEquals(4, result.exit(), result.toString());
            assertEquals("UNUSABLE", result.role().path("verdict").asText(), result.toString());
            assertEquals(List.of("LOCK_DIR_UNUSABLE"), reasonCodes(result.role()));
            assertEquals("UNKNOWN", result.role().path("lock").path("state").asText());
            Cli.Result retract = retract(role);
            assertEquals(4, retract.exit(), retract.toString());
            assertEquals("LOCK_DIR_UNUSABLE", retract.json().path("refused").path("code").asText());
        }
        assertTrue(Files.exists(rendezvous().recordPath(Role.SERVE)), "nothing removed");
        assertTrue(Files.isSymbolicLink(rendezvous().lockPath(Role.SERVE)));
    }

    @Test
    void severalRolesExitZeroWhateverTheVerdicts() throws Exception {
        Fixtures.publishDead(dir(), Role.SERVE, "");
        assertEquals(0, status().exit());
        assertEquals(0, status("serve", "gateway").exit());
        Cli.Result all = status();
        assertEquals(List.of("gateway", "serve", "desktop-serve"),
                List.of(all.json().path("roles").get(0).path("role").asText(), all.json().path("roles").get(1).path("role").asText(),
                        all.json().path("roles").get(2).path("role").asText()));
        assertEquals(0, Cli.run("status", "--lock-dir", dir().toString(), "serve", "desktop-serve").exit());
    }

    @Test
    void retractRemovesADeadRecordThenItsToken() throws Exception {
        Fixtures.publishDead(dir(), Role.SERVE, "dead-token-4567");
        Path lock = Fixtures.lockFile(dir(), Role.SERVE);
        Object inode = Files.getAttribute(lock, "unix:ino");
        Cli.Result result = retract(Role.SERVE);
        assertEquals(0, result.exit(), result.toString());
        JsonNode json = result.json();
        assertEquals(List.of("role", "removed", "dryRun", "refused", "outcome"), keys(json));
        assertEquals("REMOVED", json.path("outcome").asText());
        assertEquals("serve", json.path("role").asText());
        assertEquals(rendezvous().recordPath(Role.SERVE).toString(), json.path("removed").get(0).asText());
        assertEquals(rendezvous().tokenPath(Role.SERVE).toString(), json.path("removed").get(1).asText());
        assertFalse(json.path("dryRun").asBoolean());
        assertTrue(json.path("refused").isNull());
        assertFalse(Files.exists(rendezvous().recordPath(Role.SERVE)));
        assertFalse(Files.exists(rendezvous().tokenPath(Role.SERVE)));
        assertEquals(inode, Files.getAttribute(lock, "unix:ino"), "the lock file is never deleted");

        Cli.Result again = retract(Role.SERVE);
        assertEquals(3, again.exit(), "nothing left: " + again);
        assertEquals(0, again.json().path("removed").size());
        assertTrue(again.json().path("refused").isNull());
        assertEquals("NOTHING", again.json().path("outcome").asText(), "nothing to retract is said, not left to an empty list");
    }

    @Test
    void retractRefusesALiveOwner() throws Exception {
        Path home = Files.createDirectory(tmp.resolve("home"));
        try (ChildProcess owner = Owners.publishing(dir(), Role.GATEWAY, "t", home)) {
            for (String[] options : new String[][] {{}, {"--dry-run"}}) {
                Cli.Result result = retract(Role.GATEWAY, options);
                assertEquals(1, result.exit(), result.toString());
                assertEquals(0, result.json().path("removed").size());
                assertEquals(options.length == 1, result.json().path("dryRun").asBoolean());
                assertEquals("LOCK_HELD", result.json().path("refused").path("code").asText());
                assertEquals("REFUSED", result.json().path("outcome").asText());
                assertTrue(result.json().path("refused").path("message").asText().contains(Long.toString(owner.pid())), result.toString());
            }
            assertTrue(Files.exists(rendezvous().recordPath(Role.GATEWAY)));
        }
    }

    /** {@code retractable} is true exactly when retract would remove something now, and the dry run lists what it removes. */
    @Test
    void retractableMeansRetractWouldRemoveExactlyWhatTheDryRunLists() throws Exception {
        Fixtures.publishDead(dir(), Role.SERVE, "t1");
        Fixtures.writeRaw(dir(), Role.DESKTOP_SERVE, "{");
        try (ChildProcess owner = Owners.lockOnly(dir(), Role.GATEWAY)) {
            Files.writeString(rendezvous().tokenPath(Role.GATEWAY), "stray token of a starting owner");
            JsonNode roles = status().json().path("roles");
            for (JsonNode role : roles) {
                Role name = Role.parse(role.path("role").asText());
                Cli.Result dryRun = retract(name, "--dry-run");
                assertEquals(role.path("retractable").asBoolean(), dryRun.exit() == 0, role + "\n" + dryRun);
                Cli.Result real = retract(name);
                assertEquals(dryRun.exit(), real.exit(), real.toString());
                assertEquals(dryRun.json().path("removed"), real.json().path("removed"), name.wireName());
            }
            assertEquals(List.of(true, false, true), List.of(roles.get(1).path("retractable").asBoolean(),
                    roles.get(0).path("retractable").asBoolean(), roles.get(2).path("retractable").asBoolean()));
            assertTrue(Files.exists(rendezvous().tokenPath(Role.GATEWAY)), "a lock holder's files are never removed");
        }
    }

    @Test
    void retractOnAnEmptyOrMissingDirectoryHasNothingToDo() {
        Cli.Result result = retract(Role.GATEWAY);
        assertEquals(3, result.exit(), result.toString());
        assertTrue(result.json().path("refused").isNull());
        assertEquals("NOTHING", result.json().path("outcome").asText());
        assertEquals(0, result.json().path("removed").size());
        Cli.Result dryRun = retract(Role.GATEWAY, "--dry-run");
        assertEquals(3, dryRun.exit(), dryRun.toString());
        assertEquals("NOTHING", dryRun.json().path("outcome").asText());
        assertFalse(Files.exists(dir()), "retract with nothing to do created nothing");
    }

    @Test
    void aDryRunRemovesNothingAndCreatesNoLockFile() throws Exception {
        Fixtures.publishDead(dir(), Role.SERVE, "dry-token");
        Path lock = rendezvous().lockPath(Role.SERVE);
        assertFalse(Files.exists(lock));
        Cli.Result result = retract(Role.SERVE, "--dry-run");
        assertEquals(0, result.exit(), result.toString());
        assertTrue(result.json().path("dryRun").asBoolean());
        assertEquals("WOULD_REMOVE", result.json().path("outcome").asText());
        assertEquals(List.of(rendezvous().recordPath(Role.SERVE).toString(), rendezvous().tokenPath(Role.SERVE).toString()),
                List.of(result.json().path("removed").get(0).asText(), result.json().path("removed").get(1).asText()));
        assertTrue(result.json().path("refused").isNull());
        assertFalse(Files.exists(lock, LinkOption.NOFOLLOW_LINKS), "a dry run creates no lock file");
        assertTrue(Files.exists(rendezvous().recordPath(Role.SERVE)));
        assertTrue(Files.exists(rendezvous().tokenPath(Role.SERVE)));

        Cli.Result text = Cli.run("retract", "--dry-run", "--lock-dir", dir().toString(), "serve").assertPlain();
        assertEquals(0, text.exit());
        assertTrue(text.out().contains("would remove " + rendezvous().recordPath(Role.SERVE)), text.toString());
        assertFalse(Files.exists(lock));
    }

    /** Usage errors: one line on stderr naming the bad value and the accepted ones, exit 2, nothing on disk. */
    @Test
    void usageErrorsAreOneLineAndTouchNothing() {
        String roles = "gateway, serve, desktop-serve";
        String[][] cases = {
            {"bogus", roles, "status", "bogus"},
            {"bogus", roles, "status", "gateway", "bogus"},
            {"bogus", roles, "explain", "bogus"},
            {"bogus", roles, "retract", "bogus"},
            {"bogus", roles, "retract", "bogus", "--dry-run"},
            {"--bogus", "--lock-dir", "status", "--bogus"},
            {"--bogus", "--dry-run", "retract", "gateway", "--bogus"},
            {"bogus", "status, explain, retract", "bogus"},
        };
        for (String[] testCase : cases) {
            String bad = testCase[0];
            String accepted = testCase[1];
            List<String> args = new ArrayList<>(Arrays.asList(testCase).subList(2, testCase.length));
            args.add("--lock-dir=" + dir());
            Cli.Result text = Cli.run(args.toArray(String[]::new)).assertPlain();
            assertEquals(2, text.exit(), args + ": " + text);
            assertEquals("", text.out(), args + ": " + text);
            String[] lines = text.err().split("\n");
            assertEquals(1, lines.length, args + ": one line on stderr: " + text);
            assertTrue(lines[0].contains("'" + bad + "'"), args + ": names the bad value: " + text);
            assertTrue(lines[0].contains(accepted), args + ": names the accepted ones: " + text);

            args.add("--json");
            Cli.Result json = Cli.run(args.toArray(String[]::new)).assertPlain();
            assertEquals(2, json.exit(), args + ": " + json);
            JsonNode error = json.json();
            assertEquals(List.of("error"), keys(error), json.toString());
            assertEquals(List.of("code", "message"), keys(error.path("error")));
            assertEquals("USAGE", error.path("error").path("code").asText());
            assertTrue(error.path("error").path("message").asText().contains(bad), json.toString());
            assertEquals(1, json.err().split("\n").length, json.toString());
        }
        assertFalse(Files.exists(dir()), "usage errors touch nothing on disk");
    }

    /** -h/--help and -V/--version are common options of every command (and the usage errors point to --help). */
    @Test
    void everyCommandTakesHelpAndVersion() {
        for (String command : List.of("status", "explain", "retract")) {
            for (String help : List.of("-h", "--help")) {
                Cli.Result result = Cli.run(command, help, "--lock-dir", dir().toString());
                assertEquals(0, result.exit(), command + " " + help + ": " + result);
                assertTrue(result.out().startsWith("Usage: hostwarden " + command), result.toString());
                assertEquals("", result.err());
            }
            for (String version : List.of("-V", "--version")) {
                Cli.Result result = Cli.run(command, version);
                assertEquals(0, result.exit(), command + " " + version + ": " + result);
                assertTrue(result.out().startsWith("hostwarden "), result.toString());
            }
        }
        assertFalse(Files.exists(dir()));
    }

    /** Tokens are never printed by any command: only fingerprints are. */
    @Test
    void tokensNeverAppearInAnyOutput() throws Exception {
        String live = "LIVE-SECRET-" + System.nanoTime();
        String dead = "DEAD-SECRET-" + System.nanoTime();
        String stray = "STRAY-SECRET-" + System.nanoTime();
        Path home = Files.createDirectory(tmp.resolve("home"));
        Fixtures.publishDead(dir(), Role.SERVE, dead);
        Fixtures.writeRaw(dir(), Role.DESKTOP_SERVE, "{broken");
        Files.writeString(rendezvous().tokenPath(Role.DESKTOP_SERVE), stray);
        try (ChildProcess owner = Owners.publishing(dir(), Role.GATEWAY, live, home)) {
            List<Cli.Result> results = new ArrayList<>();
            for (String json : new String[] {"--json", "--lock-dir=" + dir()}) {
                results.add(Cli.run("status", json, "--lock-dir", dir().toString()));
                for (Role role : Role.values()) {
                    results.add(Cli.run("status", json, "--lock-dir", dir().toString(), role.wireName()));
                    results.add(Cli.run("explain", json, "--lock-dir", dir().toString(), role.wireName()));
                    results.add(Cli.run("retract", "--dry-run", json, "--lock-dir", dir().toString(), role.wireName()));
                }
            }
            results.add(Cli.run("retract", "--json", "--lock-dir", dir().toString(), "desktop-serve"));
            results.add(Cli.run("retract", "--lock-dir", dir().toString(), "serve"));
            for (Cli.Result result : results) {
                for (String token : List.of(live, dead, stray)) {
                    assertFalse(result.all().contains(token), "token printed:\n" + result);
                }
            }
            assertTrue(results.get(0).out().contains("\"tokenFingerprint\""), "fingerprints are shown instead");
        }
    }

    /** The one line of a usage error, with its exit code checked: 2, nothing on stdout. */
    private Cli.Result usageError(String... args) {
        Cli.Result result = Cli.run(args).assertPlain();
        assertEquals(2, result.exit(), String.join(" ", args) + ": " + result);
        assertEquals("", result.out(), result.toString());
        assertEquals(1, result.err().split("\n").length, "one line: " + result);
        return result;
    }

    /** "(accepted roles: ...)" belongs to role errors only; numbers and missing pieces are said in plain words. */
    @Test
    void usageErrorsNameRolesOnlyWhenTheErrorIsAboutARole() {
        String d = "--lock-dir=" + dir();
        String[][] cases = {
            {"--timeout: 'abc' is not a number of seconds", "stop", "gateway", "--timeout", "abc", d},
            {"--timeout: 'abc' is not a number of seconds", "restart", "serve", "--timeout", "abc", d},
            {"--port: 'abc' is not a port number", "run", "serve", "--port", "abc", d},
            {"--poll-interval: 'often' is not a number of seconds", "run", "serve", "--poll-interval", "often", d},
            {"--target: 'x' is not a process ID", "marker", "write", "--target", "x"},
            {"--target PID is required", "marker", "write"},
            {"--timeout needs a value (SECONDS)", "stop", "gateway", d, "--timeout"},
            {"'hostwarden marker' needs a command (accepted commands: show, write)", "marker"},
            {"unknown command 'bogus' (accepted commands: show, write)", "marker", "bogus"},
            {"unexpected argument 'extra'", "explain", "gateway", "extra", d},
        };
        for (String[] testCase : cases) {
            String[] args = Arrays.copyOfRange(testCase, 1, testCase.length);
            Cli.Result result = usageError(args);
            assertTrue(result.err().startsWith("hostwarden: " + testCase[0]), String.join(" ", args) + ": " + result);
            assertFalse(result.err().contains("accepted roles"), String.join(" ", args) + ": not a role error: " + result);
            assertFalse(result.err().contains("is not a double") || result.err().contains("is not an int"), result.toString());
        }
        Cli.Result noRole = usageError("explain", d);
        assertTrue(noRole.err().startsWith("hostwarden: a ROLE is required (accepted roles: gateway, serve, desktop-serve)"), noRole.toString());
        assertFalse(Files.exists(dir()), "usage errors touch nothing on disk");
    }

    /** An unknown role reads the same in every command, whichever path (picocli's converter or status's own) found it. */
    @Test
    void anUnknownRoleIsWordedTheSameByEveryCommand() {
        String expected = "hostwarden: unknown role 'foo' (accepted roles: gateway, serve, desktop-serve); see 'hostwarden ";
        String[][] commands = {{"status"}, {"status", "gateway"}, {"explain"}, {"retract"}, {"retract", "--dry-run"}, {"stop"},
            {"restart"}, {"run"}};
        for (String[] command : commands) {
            List<String> args = new ArrayList<>(Arrays.asList(command));
            args.add(args.size() == 2 && !args.get(1).startsWith("-") ? 2 : 1, "foo");
            args.add("--lock-dir=" + dir());
            Cli.Result result = usageError(args.toArray(String[]::new));
            assertEquals(expected + command[0] + " --help'\n", result.err(), args.toString());
        }
        Cli.Result broken = usageError("explain", "fo\no", "--lock-dir=" + dir());
        assertTrue(broken.err().startsWith("hostwarden: unknown role 'fo\\no' (accepted roles: "), broken.toString());
        assertFalse(Files.exists(dir()));
    }

    /** Common options may stand before the command name, on the picocli-free status path and on picocli's. */
    @Test
    void commonOptionsBeforeTheCommandName() throws Exception {
        Fixtures.publishDead(dir(), Role.SERVE, "tok");
        String d = dir().toString();
        String[][] pairs = {
            {"status --json --lock-dir D serve", "--lock-dir D status --json serve"},
            {"status --json --lock-dir D", "--json --lock-dir D status"},
            {"status --lock-dir D serve", "--lock-dir=D status serve"},
            {"explain --json --lock-dir D serve", "--json --lock-dir D explain serve"},
            {"retract --json --dry-run --lock-dir D serve", "--lock-dir D --json retract --dry-run serve"},
        };
        for (String[] pair : pairs) {
            Cli.Result after = Cli.run(pair[0].replace("D", d).split(" ")).assertPlain();
            Cli.Result before = Cli.run(pair[1].replace("D", d).split(" ")).assertPlain();
            assertEquals(after.toString(), before.toString(), pair[1]);
        }
        PrintWriter sink = new PrintWriter(new ByteArrayOutputStream());
        assertTrue(FastStatus.tryRun(Commands.commandFirst(new String[] {"--json", "--lock-dir", d, "status", "serve"}), sink, sink) != null,
                "status with its options first still takes the picocli-free path");
        Cli.Result twice = usageError("--lock-dir", d, "status", "--lock-dir", tmp.resolve("other").toString());
        assertTrue(twice.err().contains("--lock-dir"), twice.toString());
        assertTrue(Files.exists(rendezvous().recordPath(Role.SERVE)), "the dry run removed nothing");
    }

    @Test
    void aRoleNamedTwiceIsReportedOnce() throws Exception {
        Fixtures.publishDead(dir(), Role.SERVE, "tok");
        JsonNode roles = status("gateway", "serve", "gateway").json().path("roles");
        assertEquals(2, roles.size(), roles.toString());
        assertEquals(List.of("gateway", "serve"), List.of(roles.get(0).path("role").asText(), roles.get(1).path("role").asText()));
        Cli.Result text = Cli.run("status", "--lock-dir", dir().toString(), "serve", "gateway", "serve").assertPlain();
        assertEquals(1, Arrays.stream(text.out().split("\n")).filter(line -> line.startsWith("serve ")).count(), text.toString());
        Cli.Result once = status("serve", "serve");
        assertEquals(1, once.exit(), "one role, named twice, exits with its verdict: " + once);
        assertEquals(1, once.json().path("roles").size());
    }

    /**
     * A fix hint is a command to paste: it repeats --lock-dir (quoted for the shell) so it acts on the
     * directory the report is about, and the directory's source reads "--lock-dir" (JSON keeps OPTION).
     */
    @Test
    void fixHintsRepeatTheLockDirAndItsSourceReadsAsTheOption() throws Exception {
        Path spaced = tmp.resolve("it's locks");
        Fixtures.publishDead(spaced, Role.SERVE, "tok");
        Cli.Result text = Cli.run("status", "--lock-dir", spaced.toString()).assertPlain();
        assertTrue(text.out().startsWith("lock dir  " + spaced + " (from --lock-dir)\n"), text.toString());
        String hint = Arrays.stream(text.out().split("\n")).filter(line -> line.strip().startsWith("fix ")).findFirst().orElseThrow();
        assertEquals("  fix     hostwarden retract serve --lock-dir '" + spaced.toString().replace("'", "'\\''") + "'", hint,
                "quoted for the shell");
        Cli.Result explain = Cli.run("explain", "--lock-dir", spaced.toString(), "serve").assertPlain();
        assertTrue(explain.out().contains(spaced + " (from --lock-dir)"), explain.toString());
        assertFalse(text.out().contains("OPTION") || explain.out().contains("OPTION"), text + "\n" + explain);
        assertEquals("OPTION", Cli.run("status", "--json", "--lock-dir", spaced.toString()).json().path("lockDirSource").asText(),
                "the JSON value stays as scripts know it");

        // Pasted into a shell, the hint removes exactly the record the report was about.
        Process shell = new ProcessBuilder("sh", "-c", "for word in " + hint.strip().substring("fix".length()).strip()
                + "; do printf '%s\\0' \"$word\"; done").start();
        String[] words = new String(shell.getInputStream().readAllBytes(), StandardCharsets.UTF_8).split("\0");
        assertEquals(0, shell.waitFor());
        assertEquals("hostwarden", words[0]);
        Cli.Result pasted = Cli.run(Arrays.copyOfRange(words, 1, words.length)).assertPlain();
        assertEquals(0, pasted.exit(), pasted.toString());
        assertFalse(Files.exists(RendezvousDir.of(spaced).recordPath(Role.SERVE)), pasted.toString());
    }

    /** The picocli-free path for plain {@code status} prints exactly what picocli's path prints. */
    @Test
    void fastStatusMatchesThePicocliPathByteForByte() throws Exception {
        Path home = Files.createDirectory(tmp.resolve("home"));
        Fixtures.publishDead(dir(), Role.SERVE, "tok");
        Fixtures.lockFile(dir(), Role.SERVE);
        Fixtures.writeRaw(dir(), Role.DESKTOP_SERVE, "[]");
        String d = dir().toString();
        String missing = tmp.resolve("missing").toString();
        try (ChildProcess owner = Owners.publishing(dir(), Role.GATEWAY, "tok2", home)) {
            String[][] vectors = {
                {"status", "--lock-dir", d},
                {"status", "--json", "--lock-dir", d},
                {"status", "--lock-dir", d, "gateway"},
                {"status", "--lock-dir", d, "serve"},
                {"status", "--lock-dir", d, "desktop-serve", "--json"},
                {"status", "--lock-dir=" + d, "--json", "serve", "gateway"},
                {"status", "gateway", "--json", "--lock-dir", d},
                {"status", "serve", "serve", "--lock-dir", d},
                {"status", "--json", "--lock-dir", missing},
                {"status", "--lock-dir", missing, "gateway"},
                {"status", "--json", "--json", "--lock-dir", d},
                {"status", "--lock-dir", d, "--lock-dir", missing},
                {"status", "--lock-dir", "--json", "gateway"},
                {"status", "--lock-dir", d, "--lock-dir"},
                {"status", "--lock-dir", "-x", "serve"},
            };
            int plainForms = 10;
            for (int i = 0; i < vectors.length; i++) {
                String[] args = vectors[i];
                PrintWriter sink = new PrintWriter(new ByteArrayOutputStream());
                assertEquals(i < plainForms, FastStatus.tryRun(args, sink, sink) != null,
                        "the fast path takes exactly the plain forms: " + String.join(" ", args));
                Cli.Result fast = Cli.run(args);
                Cli.Result picocli = viaPicocli(args);
                assertEquals(picocli.exit(), fast.exit(), String.join(" ", args) + "\nfast: " + fast + "\npicocli: " + picocli);
                assertEquals(picocli.out(), fast.out(), String.join(" ", args));
            }
        }
    }

    /** A command run in this JVM through picocli's path, never the fast paths (FastStopTest compares with it too). */
    static Cli.Result viaPicocli(String[] args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintWriter outWriter = new PrintWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), true);
        PrintWriter errWriter = new PrintWriter(new OutputStreamWriter(err, StandardCharsets.UTF_8), true);
        int exit = HostwardenCommand.commandLine(outWriter, errWriter, Arrays.asList(args).contains("--json")).execute(args);
        outWriter.flush();
        errWriter.flush();
        return new Cli.Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }
}
