package dev.hostwarden.panel.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.panel.model.PanelContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javafx.scene.Scene;
import javafx.scene.layout.HBox;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * "Save diagnostics…" in a real window (Monocle headless): the button, given a file (the chooser's
 * answer), writes a valid 0600 zip with the same entries as {@code hostwarden diagnose}, a manifest
 * that matches them, no bot token, and says where it went.
 */
class DiagnosticsSaveFxTest extends DoctorFxTestBase {
    private static final String BOT_TOKEN = "987654321:AAE-save-diagnostics-secret";

    @TempDir
    Path temp;

    @Test
    void theButtonWritesTheSameRedactedZipAsDiagnoseAndSaysWhere(FxRobot robot) throws Exception {
        Path hermes = Files.createDirectories(temp.resolve("hermes"));
        Files.writeString(hermes.resolve(".env"), "TELEGRAM_BOT_TOKEN=" + BOT_TOKEN + "\n");
        Path locks = Files.createDirectories(temp.resolve("locks"));
        Path home = Files.createDirectories(temp.resolve("home"));
        Environment environment = new Environment(Map.of("HOME", home.toString(), "XDG_STATE_HOME", temp.resolve("state").toString()),
                home.toString());
        PanelContext context = context(hermes, locks);
        DiagnosticsSaver saver = new DiagnosticsSaver(context, environment);
        Path target = temp.resolve("out").resolve("bundle.zip");
        Files.createDirectories(target.getParent());
        List<Path> suggested = new ArrayList<>();
        onFx(() -> {
            stage.setScene(new Scene(new HBox(SaveDiagnosticsButton.create(saver, (owner, offered) -> {
                suggested.add(offered);
                return target;
            })), 400, 100));
            stage.show();
            return null;
        });

        robot.clickOn("#save-diagnostics");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> saver.writtenProperty().get() != null));

        assertEquals(1, suggested.size());
        assertEquals(home, suggested.get(0).getParent(), "the chooser starts in the home directory");
        assertTrue(suggested.get(0).getFileName().toString().matches("hostwarden-diagnostics-\\d{8}T\\d{6}Z\\.zip"), suggested.toString());
        assertEquals("Diagnostics saved to " + target + " (redacted; owner logs left out)", onFx(() -> saver.messageProperty().get()));
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        Set<String> names = new HashSet<>();
        JsonNode manifest;
        try (ZipFile zip = new ZipFile(target.toFile())) {
            for (ZipEntry entry : Collections.list(zip.entries())) {
                names.add(entry.getName());
                String content = new String(zip.getInputStream(entry).readAllBytes(), StandardCharsets.ISO_8859_1);
                assertFalse(content.contains(BOT_TOKEN), "no token in " + entry.getName());
            }
            manifest = new ObjectMapper().readTree(zip.getInputStream(zip.getEntry("manifest.json")));
        }
        for (String expected : List.of("status.json", "doctor.json", "explain-gateway.txt", "explain-serve.txt", "versions.json",
                "lock-dir.txt", "manifest.json")) {
            assertTrue(names.contains(expected), expected + " in " + names);
        }
        Set<String> listed = new HashSet<>();
        manifest.get("entries").forEach(entry -> listed.add(entry.get("name").asText()));
        Set<String> withoutManifest = new HashSet<>(names);
        withoutManifest.remove("manifest.json");
        assertEquals(withoutManifest, listed, "the manifest lists exactly the entries");
    }
}
