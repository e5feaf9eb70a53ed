package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The preloader's list (made by src/bench/panel-first-show-classes.sh) stays true to the panel: every
 * library and panel class in it exists, none of the classes a panel without a fleet never loads is in
 * it, and on a real desktop it names nearly every class a first show reads from a jar.
 */
class FirstShowClassesTest {
    /** Below this share of a real first show's classes the head start is mostly gone: regenerate the list. */
    private static final double MIN_COVERAGE = 0.9;

    @TempDir
    Path temp;

    private static List<String> listed() throws IOException {
        try (InputStream list = ClassPreloader.class.getResourceAsStream(ClassPreloader.LIST)) {
            assertNotNull(list, ClassPreloader.LIST + " is packaged beside ClassPreloader");
            return new String(list.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    private static boolean fromTheJdk(String name) {
        return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.") || name.startsWith("sun.")
                || name.startsWith("com.sun.crypto.") || name.startsWith("com.sun.management.");
    }

    @Test
    void everyListedLibraryAndPanelClassExistsAndNoneThatMustStayUnloadedIsThere() throws Exception {
        List<String> names = listed();
        assertTrue(names.size() > 1000, "a first show loads thousands of classes; the list has " + names.size());
        for (String name : names) {
            // JDK-internal names may differ between JDK updates; the preloader skips those that do.
            if (!fromTheJdk(name)) {
                Class.forName(name, false, ClassPreloader.class.getClassLoader());
            }
            assertTrue(!name.startsWith("dev.hostwarden.fleet.") && !name.endsWith(".PanelFleet"), "without a fleet no fleet class loads: " + name);
            assertTrue(!name.startsWith("com.fasterxml.jackson.databind.ObjectMapper"), "databind's mapper stays off the first show: " + name);
        }
        assertEquals(names.size(), new HashSet<>(names).size(), "each class once");
    }

    private static long shownMillis(String stderr) {
        return stderr.lines().filter(line -> line.startsWith("WINDOW_SHOWN ")).mapToLong(line -> Long.parseLong(line.split(" ")[1]))
                .findFirst().orElseThrow();
    }

    @Test
    void theListCoversARealFirstShow() throws Exception {
        try (XDesktop desktop = XDesktop.start(1280, 800)) {
            Path log = temp.resolve("classes.log");
            Map<String, String> env = new HashMap<>(desktop.env());
            env.put("XDG_STATE_HOME", temp.resolve("state").toString());
            env.put("HERMES_HOME", temp.resolve("hermes").toString());
            env.put("HERMES_GATEWAY_LOCK_DIR", null);
            env.put("HOSTWARDEN_FLEET", null);
            List<String> options = List.of("-Xlog:class+load=info:file=" + log + ":uptime", "-D" + PanelLauncher.DEBUG_PROPERTY + "=true",
                    "-D" + ClassPreloader.PROPERTY + "=false");
            String panelStderr;
            try (ChildProcess panel = ChildProcess.java(options, Main.class.getName(), env, "--no-tray", "--lock-dir", temp.resolve("locks").toString())) {
                assertTrue(XDesktop.poll(() -> panel.stderr().contains("WINDOW_SHOWN") ? true : null).isPresent(),
                        "the panel shows its window; stderr:\n" + panel.stderr());
                panelStderr = panel.stderr();
                panel.kill();
            }
            long shownMillis = shownMillis(panelStderr);
            Set<String> listed = new HashSet<>(listed());
            // "[0.563s] NAME source: file:…": read from a jar or a class directory (the tests run from
            // target/classes) before the window showed, not from the JDK's shared archive.
            List<String> loaded = Files.readAllLines(log).stream()
                    .filter(line -> line.contains(" source: file:"))
                    .filter(line -> Double.parseDouble(line.substring(1, line.indexOf("s]"))) * 1000 <= shownMillis)
                    .map(line -> line.substring(line.indexOf("] ") + 2, line.indexOf(" source: ")))
                    .filter(name -> !name.contains("$$Lambda") && !name.contains("$Proxy") && !name.startsWith("dev.hostwarden.panel.FirstShow"))
                    .toList();
            List<String> missing = loaded.stream().filter(name -> !listed.contains(name)).toList();
            double coverage = 1 - (double) missing.size() / loaded.size();
            assertTrue(coverage >= MIN_COVERAGE, String.format("the list names %.0f %% of the %d classes a first show loaded; run "
                    + "src/bench/panel-first-show-classes.sh. Missing, first 40: %s", coverage * 100, loaded.size(),
                    missing.subList(0, Math.min(40, missing.size()))));
        }
    }
}
