package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.panel.model.Describe;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The core and the command line stay free of UI toolkits; the watcher reacts to file events. */
class PanelBoundariesTest {
    @TempDir
    Path temp;

    @Test
    void coreAndCommandLineClassesReferenceNoJavaFxOrAwt() throws Exception {
        Path classes = Path.of(Describe.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<String> offenders = new ArrayList<>();
        for (String pkg : new String[] {"dev/hostwarden/core", "dev/hostwarden/cli", "dev/hostwarden/runtime"}) {
            Path dir = classes.resolve(pkg);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.filter(path -> path.toString().endsWith(".class")).toList()) {
                    String bytes = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                    if (bytes.contains("javafx/") || bytes.contains("java/awt/") || bytes.contains("dev/hostwarden/panel/")) {
                        offenders.add(classes.relativize(file).toString());
                    }
                }
            }
        }
        assertEquals(List.of(), offenders);
    }

    @Test
    void recordValuesInPlainLanguage() {
        assertEquals("2026-11-29 17:00:00  (raw 1795971600.25)", Describe.createTime(1795971600.25, ZoneOffset.UTC));
        assertEquals("not recorded", Describe.createTime(null, ZoneOffset.UTC));
        assertEquals("2026-11-29T17:00:00.000000+00:00  (1 min 5 s ago)",
                Describe.updatedAt("2026-11-29T17:00:00.000000+00:00", Instant.parse("2026-11-29T17:01:05Z")));
        assertEquals("garbage  (unparsable)", Describe.updatedAt("garbage", Instant.now()));
        assertEquals("2026-11-29T17:00:00.000000+00:00  (3 s ahead of this clock)",
                Describe.updatedAt("2026-11-29T17:00:00.000000+00:00", Instant.parse("2026-11-29T16:59:57Z")), "never \"in 3 s ago\"");
        assertEquals("2 h 4 min", Describe.duration(7440));
        assertEquals("abc…", Describe.shortened("abcdef", 4));
    }
}
