package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.HostwardenJar;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bare {@code java -jar hostwarden.jar} panel replaces its JVM by one with the panel's flags, in
 * place; whoever chose the JVM's options keeps them.
 */
class PanelReexecTest {
    private static final Platform LINUX = Platform.of(Platform.Family.LINUX);

    private static final List<String> BARE = List.of("java", "-jar", "/opt/x/hostwarden.jar");

    @TempDir
    Path temp;

    @Test
    void aBareJarLaunchGetsThePanelFlagsBeforeTheUsersProperties() {
        List<String> commandLine = List.of("/usr/bin/java", "-Dhostwarden.panel.debug=true", "-jar", "/opt/x/hostwarden.jar", "--no-tray");
        PanelReexec.Plan plan = PanelReexec.plan(commandLine, Map.of("PATH", "/usr/bin"), LINUX).orElseThrow();
        List<String> expected = new ArrayList<>(List.of("/usr/bin/java"));
        expected.addAll(PanelReexec.PANEL_FLAGS);
        expected.addAll(List.of("-Dhostwarden.panel.debug=true", "-jar", "/opt/x/hostwarden.jar", "--no-tray"));
        assertEquals(expected, plan.argv());
        assertEquals(Map.of("PATH", "/usr/bin", "HOSTWARDEN_REEXEC", "0", "MALLOC_ARENA_MAX", "2"), plan.environment(),
                "GTK's variables are set by the replacement in its own process, so its children do not inherit them");
    }

    @Test
    void theUsersOwnEnvironmentSettingsWin() {
        Map<String, String> environment = Map.of("MALLOC_ARENA_MAX", "8", "GDK_GL", "always");
        PanelReexec.Plan plan = PanelReexec.plan(BARE, environment, LINUX).orElseThrow();
        assertEquals("8", plan.environment().get("MALLOC_ARENA_MAX"));
        assertEquals("always", plan.environment().get("GDK_GL"));
    }

    @Test
    void itStandsAsideWheneverSomeoneChoseHowTheJvmRuns() {
        Map<String, List<String>> commandLines = Map.of(
                "a JVM option of the user's", List.of("java", "-Xmx64m", "-jar", "hostwarden.jar"),
                "a collector of the user's", List.of("java", "-Dx=y", "-XX:+UseG1GC", "-jar", "hostwarden.jar"),
                "a class path launch", List.of("java", "-cp", "hostwarden.jar", "dev.hostwarden.Main"),
                "a native launcher", List.of("/opt/hostwarden/bin/Hostwarden"),
                "-jar without a jar", List.of("java", "-jar"));
        commandLines.forEach((why, commandLine) ->
                assertEquals(Optional.empty(), PanelReexec.plan(commandLine, Map.of(), LINUX), why));
        for (String variable : List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            assertEquals(Optional.empty(), PanelReexec.plan(BARE, Map.of(variable, "-Xmx1g"), LINUX), variable);
        }
        assertTrue(PanelReexec.plan(BARE, Map.of("JAVA_TOOL_OPTIONS", " "), LINUX).isPresent(), "a blank variable chooses nothing");
        assertEquals(Optional.empty(), PanelReexec.plan(BARE, Map.of("HOSTWARDEN_REEXEC", "0"), LINUX), "the replacement, or opted out");
        assertEquals(Optional.empty(), PanelReexec.plan(BARE, Map.of("HOSTWARDEN_LAUNCHER", "/usr/bin/hostwarden"), LINUX),
                "the installed launcher gave the flags already");
        assertEquals(Optional.empty(), PanelReexec.plan(BARE, Map.of(), Platform.of(Platform.Family.WINDOWS)), "no execve");
        assertEquals(Optional.empty(), PanelReexec.plan(BARE, Map.of(), Platform.of(Platform.Family.MAC)), "Linux only");
    }

    @Test
    void argumentsSurviveAsTheirOriginalBytes() {
        // A Latin-1 é, which is not valid UTF-8: a path from a machine with another locale.
        byte[] cmdline = "java\0-jar\0/home/jos\u00e9/h.jar\0".getBytes(StandardCharsets.ISO_8859_1);
        List<String> words = PanelReexec.split(cmdline);
        assertEquals(3, words.size());
        assertEquals(Arrays.toString(new byte[] {'/', 'h', 'o', 'm', 'e', '/', 'j', 'o', 's', (byte) 0xe9, '/', 'h', '.', 'j', 'a', 'r'}),
                Arrays.toString(words.get(2).getBytes(StandardCharsets.ISO_8859_1)));
    }

    @Test
    void onlyTheFilesTheJvmItselfOpenedAreClosedByTheExec() {
        assertTrue(PanelReexec.openedByTheJvm("/opt/hostwarden/lib/jna-5.18.1.jar"));
        assertTrue(PanelReexec.openedByTheJvm(Path.of(System.getProperty("java.home"), "lib", "modules").toString()));
        assertTrue(PanelReexec.openedByTheJvm("/dev/urandom"));
        assertFalse(PanelReexec.openedByTheJvm("/dev/null"));
        assertFalse(PanelReexec.openedByTheJvm("socket:[1234]"));
        assertFalse(PanelReexec.openedByTheJvm("/home/u/.local/state/hostwarden/panel.lock"));
    }

    /** The installed launcher gives the panel the same flags, and jpackage's launchers the same less the glibc trim. */
    @Test
    void theFlagsAreTheInstalledLaunchersFlags() throws Exception {
        String launcher = Files.readString(Path.of("installer", "linux", "hostwarden"));
        String panelBlock = launcher.substring(launcher.indexOf("if is_panel \"$@\"; then"), launcher.indexOf("export MALLOC_ARENA_MAX"));
        List<String> flags = new ArrayList<>();
        Matcher assignment = Pattern.compile("(?m)^\\s*flags=\"(?:\\$flags )?([^\"]*)\"").matcher(panelBlock);
        while (assignment.find()) {
            flags.addAll(List.of(assignment.group(1).split(" ")));
        }
        assertEquals(PanelReexec.PANEL_FLAGS, flags);

        String packages = Files.readString(Path.of("installer", "build-packages.sh"));
        Matcher javaOptions = Pattern.compile("--java-options \"([^\"]*)\"").matcher(packages);
        assertTrue(javaOptions.find(), "build-packages.sh gives jpackage's launchers their options");
        assertEquals(PanelReexec.PANEL_FLAGS.stream().filter(flag -> !flag.contains("Experimental") && !flag.contains("Unrecognized")
                && !flag.contains("TrimNativeHeap")).collect(Collectors.joining(" ")), javaOptions.group(1));
    }

    /** Real processes: the jar as the package builds it, started the way a user types it, without a display. */
    @Test
    void aBareJavaJarReplacesItselfOnceInPlaceAndAChosenJvmIsLeftAlone() throws Exception {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "execve and /proc: Linux only");
        Path jar = HostwardenJar.build(temp.resolve("install"), name -> List.of("jackson-", "picocli-", "jna-", "javafx-", "atlantafx-",
                "oshi-", "slf4j-", "dbus-java-").stream().anyMatch(name::startsWith));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();

        String bare = panelJvmLine(List.of(java, "-Dhostwarden.panel.debug=true", "-jar", jar.toString()), Map.of("HOSTWARDEN_CDS", "0"));
        assertEquals(String.join(" ", PanelReexec.PANEL_FLAGS) + " -Dhostwarden.panel.debug=true", bare);

        // With the class-data archive (as the launcher keeps it, beside the jar): the first launch makes it
        // at its exit, the next one maps it.
        String first = panelJvmLine(List.of(java, "-Dhostwarden.panel.debug=true", "-jar", jar.toString()), Map.of());
        Matcher made = Pattern.compile("-XX:ArchiveClassesAtExit=(\\S+/panel-[0-9.]+-[0-9.]+\\.jsa) ").matcher(first);
        assertTrue(first.startsWith(String.join(" ", PanelReexec.PANEL_FLAGS) + " ") && made.find(), first);
        Path archive = Path.of(made.group(1));
        assertEquals(jar.getParent(), archive.getParent(), "beside the jar, as the launcher keeps it");
        assertTrue(Files.isRegularFile(archive), "made at the first panel's exit");
        String next = panelJvmLine(List.of(java, "-Dhostwarden.panel.debug=true", "-jar", jar.toString()), Map.of());
        assertEquals(String.join(" ", PanelReexec.PANEL_FLAGS) + " -XX:SharedArchiveFile=" + archive
                + " -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off -Dhostwarden.panel.debug=true", next);

        String chosen = panelJvmLine(List.of(java, "-Xmx200m", "-Dhostwarden.panel.debug=true", "-jar", jar.toString()), Map.of());
        assertEquals("-Xmx200m -Dhostwarden.panel.debug=true", chosen, "the user's -Xmx: no flags added");

        String optedOut = panelJvmLine(List.of(java, "-Dhostwarden.panel.debug=true", "-jar", jar.toString()), Map.of("HOSTWARDEN_REEXEC", "0"));
        assertEquals("-Dhostwarden.panel.debug=true", optedOut);
        assertFalse(Files.exists(temp.resolve("locks")), "nothing written");
    }

    /**
     * Starts the panel without a display and returns the JVM options of its {@code PANEL_JVM} line,
     * after checking there is exactly one such line, from the PID that was started and named java, and that the panel
     * then refused for want of a display as it always does.
     */
    private String panelJvmLine(List<String> command, Map<String, String> extra) throws Exception {
        Map<String, String> env = new HashMap<>();
        for (String name : List.of("DISPLAY", "WAYLAND_DISPLAY", "HOSTWARDEN_LAUNCHER", "HOSTWARDEN_REEXEC", "HOSTWARDEN_FLEET",
                "JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS")) {
            env.put(name, null);
        }
        env.put("XDG_STATE_HOME", temp.resolve("state").toString());
        env.putAll(extra);
        List<String> full = new ArrayList<>(command);
        full.addAll(List.of("--no-tray", "--lock-dir", temp.resolve("locks").toString()));
        try (ChildProcess panel = ChildProcess.start(full, env)) {
            assertEquals(1, panel.waitFor(Duration.ofSeconds(60)), panel.stderr());
            List<String> lines = panel.stderr().lines().filter(line -> line.startsWith("PANEL_JVM ")).toList();
            assertEquals(1, lines.size(), "one JVM reached the panel's start: " + panel.stderr());
            // Same PID (in place), and still called java, as ps, top and pkill see it.
            String prefix = "PANEL_JVM pid=" + panel.pid() + " java";
            assertTrue(lines.get(0).startsWith(prefix + " ") || lines.get(0).equals(prefix), lines.get(0));
            assertTrue(panel.stderr().contains("hostwarden: the panel cannot start: no display"), panel.stderr());
            return lines.get(0).substring(prefix.length()).trim();
        }
    }
}
