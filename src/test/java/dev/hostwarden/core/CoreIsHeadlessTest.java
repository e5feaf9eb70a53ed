package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core runs on the command line's path: no JavaFX, AWT or Swing (a command must never load a
 * toolkit), and no OSHI (it stays off the CLI path; only the panel may use it).
 */
class CoreIsHeadlessTest {
    private static final Path CORE = Path.of("src/main/java/dev/hostwarden/core");
    /** An import of, or a fully qualified reference to, a forbidden package outside comments. */
    private static final Pattern FORBIDDEN = Pattern.compile("\\b(javafx|java\\.awt|javax\\.swing|oshi)\\.[A-Za-z_*]");

    static List<String> violations(Path root) throws IOException {
        List<Path> sources;
        try (Stream<Path> walk = Files.walk(root)) {
            sources = walk.filter(path -> path.toString().endsWith(".java")).sorted().collect(Collectors.toList());
        }
        List<String> violations = new ArrayList<>();
        for (Path source : sources) {
            String code = withoutCommentsAndStrings(Files.readString(source, StandardCharsets.UTF_8));
            String[] lines = code.split("\n", -1);
            for (int i = 0; i < lines.length; i++) {
                Matcher matcher = FORBIDDEN.matcher(lines[i]);
                if (matcher.find()) {
                    violations.add(root.relativize(source) + ":" + (i + 1) + " uses " + matcher.group(1) + ": " + lines[i].strip());
                }
            }
        }
        return violations;
    }

    /** Blanks comments and string literals, keeping line breaks so line numbers stay right. */
    static String withoutCommentsAndStrings(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            char c = source.charAt(i);
            if (source.startsWith("//", i)) {
                while (i < source.length() && source.charAt(i) != '\n') {
                    i++;
                }
            } else if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                end = end < 0 ? source.length() : end + 2;
                source.substring(i, end).chars().filter(ch -> ch == '\n').forEach(ch -> out.append('\n'));
                i = end;
            } else if (c == '"' || c == '\'') {
                out.append(c);
                i++;
                while (i < source.length() && source.charAt(i) != c && source.charAt(i) != '\n') {
                    i += source.charAt(i) == '\\' ? 2 : 1;
                }
                if (i < source.length()) {
                    out.append(source.charAt(i));
                    i++;
                }
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    @Test
    void theCoreImportsNoToolkitAndNoOshi() throws IOException {
        assertTrue(Files.isDirectory(CORE), "run from the project root: " + CORE.toAbsolutePath());
        List<String> violations = violations(CORE);
        assertEquals(List.of(), violations, "the core must stay headless and OSHI-free:\n" + String.join("\n", violations));
    }

    @Test
    void theScanFindsWhatItLooksFor(@org.junit.jupiter.api.io.TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve("Ui.java"), "package x;\n\nimport javafx.application.Platform;\nclass Ui {}\n");
        Files.writeString(tmp.resolve("Awt.java"), "package x;\nclass Awt { java.awt.Toolkit t; }\n");
        Files.writeString(tmp.resolve("Swing.java"), "package x;\nimport javax.swing.*;\nclass Swing {}\n");
        Files.writeString(tmp.resolve("Probe.java"), "package x;\nimport oshi.SystemInfo;\nclass Probe {}\n");
        Files.writeString(tmp.resolve("Clean.java"), "package x;\n/* uses javafx.scene only in the panel */\n"
                + "// oshi.SystemInfo stays out\nclass Clean { String s = \"java.awt.Toolkit\"; String oshiLike = \"x\"; }\n");
        List<String> violations = violations(tmp);
        assertEquals(List.of("Awt.java:2 uses java.awt: class Awt { java.awt.Toolkit t; }",
                "Probe.java:2 uses oshi: import oshi.SystemInfo;",
                "Swing.java:2 uses javax.swing: import javax.swing.*;",
                "Ui.java:3 uses javafx: import javafx.application.Platform;"), violations);
        assertFalse(violations.stream().anyMatch(v -> v.startsWith("Clean.java")));
    }
}
