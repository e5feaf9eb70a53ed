package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.Main;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diagnose} with a live owner's session token, a bot token in two profiles' .env and a secret
 * environment value planted: none of them, nor the home directory, appears in any byte of any entry;
 * their fingerprints do; the manifest matches the entries.
 */
class DiagnoseCommandTest {
    static final String SECRET_ENV = "s3cr3t-value-from-the-environment";

    @TempDir
    Path tmp;

    @Test
    void nothingSecretAppearsInAnyEntryAndTheManifestMatches() throws Exception {
        Path user = Files.createDirectories(tmp.resolve("user"));
        Path hermes = Files.createDirectories(user.resolve(".hermes/profiles/work"));
        Path state = user.resolve(".local/state");
        Map<String, String> env = new HashMap<>();
        env.put("HOME", user.toString());
        env.put("HERMES_HOME", user.resolve(".hermes").toString());
        env.put("XDG_STATE_HOME", state.toString());
        env.put("HERMES_GATEWAY_LOCK_DIR", state.resolve("hermes/gateway-locks").toString());
        env.put("MY_SERVICE_API_KEY", SECRET_ENV);
        Files.writeString(user.resolve(".hermes/.env"), "TELEGRAM_BOT_TOKEN=" + DoctorCommandTest.BOT_TOKEN + "\n");
        Files.writeString(hermes.resolve(".env"), "TELEGRAM_BOT_TOKEN='" + DoctorCommandTest.BOT_TOKEN + "'\n");

        try (ChildProcess owner = ChildProcess.java(Main.class, env, "run", "serve")) {
            assertEquals("READY role=serve pid=" + owner.pid(), owner.readLine(CliChild.DEADLINE), owner.stderr());
            String sessionToken = Files.readString(state.resolve("hermes/gateway-locks/host-serve.token")).strip();
            Path log = Files.createDirectories(state.resolve("hostwarden")).resolve("serve.log");
            Files.writeString(log, "started with token " + sessionToken + " and bot " + DoctorCommandTest.BOT_TOKEN
                    + "\nkey " + SECRET_ENV + " from " + user + "\nAuthorization: Bearer unknown-bearer-value-123\n");

            Files.writeString(hermes.resolve("gateway_state.json"), "{\"pid\": 1, \"gateway_state\": \"running\", \"platforms\": {\"telegram\":"
                    + " {\"state\": \"failed\", \"error_message\": \"401 for bot" + DoctorCommandTest.BOT_TOKEN + "\"}}}");

            Path bundle = Files.createDirectories(tmp.resolve("out")).resolve("bundle.zip");
            CliChild.Result result = CliChild.run(tmp, env, "diagnose", "--out", bundle.toString(), "--include-logs");
            assertEquals(0, result.code(), result.toString());
            assertEquals(bundle.toString(), result.out().strip());
            if (Platform.current().hasPosixPermissions()) {
                assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(bundle)));
            }

            Map<String, byte[]> entries = unzip(Files.readAllBytes(bundle));
            for (String name : List.of("status.json", "explain-gateway.txt", "explain-serve.txt", "explain-desktop-serve.txt", "doctor.json",
                    "history/history.jsonl", "lock-dir.txt", "records/host-serve.json", "versions.json", "logs/serve.log", "manifest.json",
                    "homes/work/gateway_state.json")) {
                assertTrue(entries.containsKey(name), name + " in " + entries.keySet());
            }
            if (Platform.current().hasProcFs()) {
                assertTrue(entries.containsKey("proc-locks.txt"), entries.keySet().toString());
                assertTrue(text(entries, "proc-locks.txt").contains(" " + owner.pid() + " "), "the owner's lock line: " + text(entries, "proc-locks.txt"));
            }
            List<String> forbidden = List.of(sessionToken, DoctorCommandTest.BOT_TOKEN, SECRET_ENV, "unknown-bearer-value-123", user.toString());
            for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
                String content = new String(entry.getValue(), StandardCharsets.ISO_8859_1);
                for (String secret : forbidden) {
                    assertFalse(content.contains(secret), entry.getKey() + " holds '" + secret + "'");
                    assertFalse(entry.getKey().contains(secret), entry.getKey());
                }
            }
            assertTrue(text(entries, "records/host-serve.json").contains(Tokens.fingerprint(sessionToken)), "the record keeps the fingerprint");
            assertTrue(text(entries, "doctor.json").contains(Tokens.fingerprint(DoctorCommandTest.BOT_TOKEN)), "doctor names the bot by fingerprint");
            assertTrue(text(entries, "logs/serve.log").contains("<secret fingerprint " + Tokens.fingerprint(sessionToken) + ">"),
                    text(entries, "logs/serve.log"));
            assertTrue(text(entries, "logs/serve.log").contains("<HOME>"), text(entries, "logs/serve.log"));
            assertTrue(text(entries, "history/history.jsonl").contains("\"event\":\"started\""), text(entries, "history/history.jsonl"));

            JsonNode manifest = JsonTrees.parse(text(entries, "manifest.json"));
            Map<String, byte[]> listed = new LinkedHashMap<>(entries);
            listed.remove("manifest.json");
            assertEquals(listed.size(), manifest.path("entries").size(), manifest.toString());
            for (JsonNode item : manifest.path("entries")) {
                byte[] bytes = entries.get(item.path("name").asText());
                assertTrue(bytes != null, "listed and present: " + item);
                assertEquals(bytes.length, item.path("size").asInt());
                assertEquals(Tokens.sha256Hex(bytes), item.path("sha256").asText());
            }
            boolean tokenLeftOut = false;
            for (JsonNode item : manifest.path("leftOut")) {
                tokenLeftOut |= item.path("name").asText().equals("host-serve.token") && !item.path("reason").asText().isEmpty();
            }
            assertTrue(tokenLeftOut, "the token file is named as left out: " + manifest);

            byte[] before = Files.readAllBytes(bundle);
            CliChild.Result again = CliChild.run(tmp, env, "diagnose", "--out", bundle.toString());
            assertEquals(1, again.code(), again.toString());
            assertEquals(1, again.err().lines().count(), again.err());
            assertTrue(again.err().contains(bundle.toString()), again.err());
            assertTrue(Arrays.equals(before, Files.readAllBytes(bundle)), "an existing file is not replaced");
        }
    }

    private static String text(Map<String, byte[]> entries, String name) {
        return new String(entries.get(name), StandardCharsets.UTF_8);
    }

    private static Map<String, byte[]> unzip(byte[] zip) throws Exception {
        Map<String, byte[]> entries = new LinkedHashMap<>();
        try (ZipInputStream in = new ZipInputStream(new ByteArrayInputStream(zip))) {
            ZipEntry entry;
            while ((entry = in.getNextEntry()) != null) {
                entries.put(entry.getName(), in.readAllBytes());
            }
        }
        return entries;
    }
}
