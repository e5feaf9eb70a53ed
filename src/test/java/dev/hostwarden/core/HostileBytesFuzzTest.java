package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.Role;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded fuzzing of the bytes of records, tokens and planned-stop markers (issue 8): whatever they
 * hold (NULs, lone surrogates, bytes that are not UTF-8, huge numbers, deep nesting, wrong types,
 * truncation), {@code status --json} and {@code marker show --json}, run in this JVM through the
 * command line's own entry, print exactly one JSON document with a verdict (or a marker answer),
 * exit with a contract code, throw nothing, print no trace, and finish. The time bound is a
 * generous per-case guard against a hang, not a speed goal. A failure names the case's seed and
 * bytes (base64), so it can be replayed.
 */
class HostileBytesFuzzTest {
    private static final long SEED = 0x8_2026_1201L;
    private static final int RECORD_CASES = 2000;
    private static final int MARKER_CASES = 500;
    private static final Duration PER_CASE = Duration.ofSeconds(30);
    private static final Set<String> VERDICTS = Set.of("LIVE", "STALE", "UNPROVABLE", "NO_OWNER", "STARTING", "UNUSABLE");

    private static final List<String> RECORD_KEYS = List.of("role", "home", "pid", "createTime", "startTime", "bootEpoch", "host",
            "port", "protocolVersion", "tokenFingerprint", "profiles", "updatedAt", "pidns", "", "x");

    /** JSON texts (valid and not) that any field may be given. */
    private static final List<String> VALUES = List.of("null", "true", "false", "0", "-1", "1", "1.0", "1.5", "-0", "1e400", "-1e400",
            "0.1e-400", "2147483648", "9223372036854775808", "12345678901234567890", "1" + "0".repeat(400), "9".repeat(1200), "4242",
            "65535", "65536", "\"\"", "\"gateway\"", "\"serve\"", "\"desktop-serve\"", "\"x\\u0000y\"", "\"\\ud800\"",
            "\"\\udcff\\udcfe\"", "\"\\ud83d\\ude00\"", "\"\\udc00\\ud800\"", "\"/tmp\"", "\"/dev/zero\"", "\"/proc/self\"",
            "\"" + "a".repeat(70_000) + "\"", "\"" + "\\u0000".repeat(40) + "\"", "\"127.0.0.1\"", "\"::1\"", "\"0.0.0.0\"",
            "\"256.1.1.1\"", "\"[::1\"", "\"1\"", "[]", "{}", "[1,[2,[3]]]", "{\"a\":{\"b\":[]}}", "[\"a\",1,null,[\"b\"]]",
            "[".repeat(1500) + "]".repeat(1500), "{\"a\":".repeat(1200) + "1" + "}".repeat(1200), "[".repeat(400) + "]".repeat(400),
            "NaN", "Infinity", "-Infinity", "'x'", "undefined", "01", "\"2026-12-01T08:00:00.000000+00:00\"", "\"2026-12-01T08:00:00Z\"",
            "\"+999999999-12-31T23:59:59+00:00\"", "\"-999999999-01-01T00:00:00+00:00\"", "\"9999-99-99\"");

    /** Strings no path, host or time can be made of, or only a strange one. */
    private static final List<String> TEXTS = List.of("\"x\\u0000y\"", "\"\\u0000\"", "\"\\ud800\"", "\"/tmp/\\udcff\"",
            "\"\\udc00\\ud800\"", "\"\\ud83d\\ude00\"", "\"/dev/zero\"", "\"/proc/self/fd/0\"", "\"\"", "\" \"", "\"..\"",
            "\"/\"", "\"C:\\\\x\"", "\"" + "/a".repeat(5000) + "\"", "\"\\n\\r\\t\"", "\"%s%n\"");

    /** Byte sequences that break an encoding or a structure. */
    private static final List<byte[]> HOSTILE_BYTES = List.of(new byte[] {0}, new byte[] {(byte) 0xff},
            new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80}, new byte[] {(byte) 0xc0, (byte) 0xaf},
            new byte[] {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}, new byte[] {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80},
            new byte[] {(byte) 0xe2, (byte) 0x82}, "\"".getBytes(StandardCharsets.US_ASCII), "{".getBytes(StandardCharsets.US_ASCII),
            "}".getBytes(StandardCharsets.US_ASCII), "\\".getBytes(StandardCharsets.US_ASCII), "\n".getBytes(StandardCharsets.US_ASCII),
            ",".getBytes(StandardCharsets.US_ASCII), "\\u".getBytes(StandardCharsets.US_ASCII));

    @TempDir
    Path tmp;

    private HostRendezvous rendezvous;

    @AfterEach
    void releaseLocks() {
        if (rendezvous != null) {
            for (Role role : Role.values()) {
                rendezvous.releaseHostLock(role);
            }
        }
    }

    @Test
    void anyRecordOrTokenBytesGiveOneJsonDocumentWithAVerdict() throws Exception {
        Path dir = tmp.resolve("gateway-locks");
        rendezvous = Fixtures.rendezvous(dir);
        Path home = Files.createDirectories(tmp.resolve("home"));
        for (Role role : Role.values()) {
            Fixtures.lockFile(dir, role);
        }
        // Records of a dead PID, of a live PID that is not the owner, and this process's own (a live
        // owner when the lock is held here too, which reaches the endpoint checks).
        List<HostRecord> templates = List.of(Fixtures.record(Role.GATEWAY, Fixtures.deadPid(), "token"), Fixtures.record(Role.SERVE, 1, ""),
                rendezvous.ownRecord(Role.GATEWAY, "", null, List.of("default"), "", home.toString()),
                rendezvous.ownRecord(Role.SERVE, "127.0.0.1", 9, List.of("a", "b"), "token", home.toString()));
        Random random = new Random(SEED);
        for (int i = 0; i < RECORD_CASES; i++) {
            // A quarter of the cases: this live owner's record with exactly one field made hostile,
            // which carries it deep (liveness proven, endpoint asked); the rest anything at all.
            boolean focused = random.nextInt(4) == 0;
            HostRecord template = focused ? templates.get(2 + random.nextInt(2)) : templates.get(random.nextInt(templates.size()));
            boolean own = template.pid() == ProcessHandle.current().pid();
            Role role = !focused && random.nextInt(4) == 0 ? Role.values()[random.nextInt(Role.values().length)] : template.role();
            byte[] record = focused ? oneFieldHostile(random, fields(template)) : mutate(random, objectText(random, fields(template), RECORD_KEYS));
            Files.write(rendezvous.recordPath(role), record);
            Path token = rendezvous.tokenPath(role);
            if (random.nextInt(4) == 0) {
                Files.write(token, mutate(random, "token".getBytes(StandardCharsets.UTF_8)));
            } else {
                Files.deleteIfExists(token);
            }
            boolean hold = focused || (own ? random.nextInt(3) != 0 : random.nextInt(4) == 0);
            if (hold) {
                assertTrue(rendezvous.claimHostLock(role).acquired());
            }
            String replay = "case " + i + " of seed " + SEED + ", " + role + " record (base64) " + Base64.getEncoder().encodeToString(record);
            try {
                Cli.Result result = assertTimeoutPreemptively(PER_CASE,
                        () -> Cli.run("status", "--json", "--lock-dir", dir.toString(), role.wireName()), replay);
                JsonNode roleNode = oneDocument(result, replay).path("roles").get(0);
                assertTrue(VERDICTS.contains(roleNode.path("verdict").asText()), replay + "\n" + result);
                assertEquals(Verdict.valueOf(roleNode.path("verdict").asText()).exitCode(), result.exit(), replay + "\n" + result);
                assertTrue(roleNode.path("reasons").size() > 0 && roleNode.path("retractable").isBoolean(), replay + "\n" + result);
            } finally {
                if (hold) {
                    rendezvous.releaseHostLock(role);
                }
            }
        }
    }

    @Test
    void anyMarkerBytesGiveOneJsonDocument() throws Exception {
        Path home = Files.createDirectories(tmp.resolve("home"));
        Path marker = PlannedStopMarker.pathFor(home);
        List<String[]> template = List.of(new String[] {"target_pid", Long.toString(ProcessHandle.current().pid())},
                new String[] {"target_start_time", "4242"}, new String[] {"stopper_pid", "1"},
                new String[] {"written_at", "\"" + RecordCodec.utcNow() + "\""});
        List<String> keys = List.of("target_pid", "target_start_time", "stopper_pid", "written_at", "target_hermes_home", "x");
        Random random = new Random(SEED + 1);
        for (int i = 0; i < MARKER_CASES; i++) {
            byte[] bytes = mutate(random, objectText(random, template, keys));
            Files.write(marker, bytes);
            String replay = "case " + i + " of seed " + (SEED + 1) + ", marker (base64) " + Base64.getEncoder().encodeToString(bytes);
            Cli.Result result = assertTimeoutPreemptively(PER_CASE,
                    () -> Cli.run("marker", "show", "--json", "--home", home.toString()), replay);
            JsonNode document = oneDocument(result, replay);
            assertTrue(Set.of(0, 1).contains(result.exit()), replay + "\n" + result);
            assertEquals(marker.toString(), document.path("path").asText(), replay + "\n" + result);
            assertTrue(document.path("present").asBoolean(), replay + "\n" + result);
        }
    }

    /** stdout is exactly one JSON document (nothing after it), and nothing reads like a trace. */
    private static JsonNode oneDocument(Cli.Result result, String replay) {
        try {
            result.assertPlain();
            return JsonTrees.parse(result.out());
        } catch (IOException | AssertionError notOneDocument) {
            throw new AssertionError(replay + "\n" + result, notOneDocument);
        }
    }

    private static List<String[]> fields(HostRecord record) throws IOException {
        List<String[]> fields = new ArrayList<>();
        JsonNode node = JsonTrees.parse(new String(RecordCodec.encode(record), StandardCharsets.UTF_8));
        node.fields().forEachRemaining(field -> fields.add(new String[] {field.getKey(), JsonTrees.compact(field.getValue())}));
        return fields;
    }

    /** The template with one field's value replaced, by a hostile text half the time. */
    private static byte[] oneFieldHostile(Random random, List<String[]> template) {
        int field = random.nextInt(template.size());
        StringBuilder json = new StringBuilder("{");
        for (int f = 0; f < template.size(); f++) {
            String value = template.get(f)[1];
            if (f == field) {
                value = random.nextBoolean() ? pick(random, TEXTS) : pick(random, VALUES);
            }
            append(json, template.get(f)[0], value);
        }
        return json.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * An object built from a template's fields: some values swapped for hostile ones, some keys
     * dropped, repeated or added; now and then not an object at all.
     */
    private static byte[] objectText(Random random, List<String[]> template, List<String> keys) {
        if (random.nextInt(20) == 0) {
            return pick(random, VALUES).getBytes(StandardCharsets.UTF_8);
        }
        if (random.nextInt(25) == 0) {
            byte[] noise = new byte[random.nextInt(300)];
            random.nextBytes(noise);
            return noise;
        }
        StringBuilder json = new StringBuilder("{");
        int swaps = random.nextInt(4);
        for (String[] field : template) {
            if (random.nextInt(12) == 0) {
                continue;
            }
            String value = swaps > 0 && random.nextInt(3) == 0 ? pick(random, VALUES) : field[1];
            append(json, field[0], value);
            if (random.nextInt(15) == 0) {
                append(json, pick(random, keys), pick(random, VALUES));
            }
        }
        json.append('}');
        return json.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static void append(StringBuilder json, String key, String value) {
        if (json.length() > 1) {
            json.append(',');
        }
        json.append('"').append(key).append("\":").append(value);
    }

    /** Zero to three byte-level faults: truncation, a hostile sequence inserted, a byte flipped, a range dropped. */
    private static byte[] mutate(Random random, byte[] bytes) {
        byte[] current = bytes;
        int faults = random.nextBoolean() ? 0 : 1 + random.nextInt(3);
        for (int f = 0; f < faults && current.length > 0; f++) {
            int at = random.nextInt(current.length);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            switch (random.nextInt(4)) {
                case 0 -> out.write(current, 0, at);
                case 1 -> {
                    out.write(current, 0, at);
                    out.writeBytes(pick(random, HOSTILE_BYTES));
                    out.write(current, at, current.length - at);
                }
                case 2 -> {
                    out.writeBytes(current);
                    byte[] flipped = out.toByteArray();
                    flipped[at] ^= (byte) (1 << random.nextInt(8));
                    out.reset();
                    out.writeBytes(flipped);
                }
                default -> {
                    int end = Math.min(current.length, at + 1 + random.nextInt(8));
                    out.write(current, 0, at);
                    out.write(current, end, current.length - end);
                }
            }
            current = out.toByteArray();
        }
        return current;
    }

    private static <T> T pick(Random random, List<T> values) {
        return values.get(random.nextInt(values.size()));
    }
}
