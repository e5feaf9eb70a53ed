package dev.hostwarden.autostart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.platform.Environment;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Linux autostart entry, on real files, checked by desktop-file-validate where it is installed. */
class XdgAutostartTest {
    @TempDir
    Path tmp;

    private Path launcher(String name) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("opt"));
        Path launcher = Files.writeString(dir.resolve(name), "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }

    private Environment env(Path launcher) {
        return new Environment(Map.of("HOME", tmp.resolve("home").toString(), "XDG_CONFIG_HOME", tmp.resolve("config").toString(),
                "HOSTWARDEN_LAUNCHER", launcher.toString(), "PATH", ""), tmp.resolve("home").toString());
    }

    @Test
    void offByDefaultThenOnRunsTheInstalledLauncherThenOff() throws Exception {
        Path launcher = launcher("hostwarden");
        XdgAutostart autostart = new XdgAutostart(env(launcher));
        Path entry = tmp.resolve("config/autostart/hostwarden.desktop");
        assertEquals(entry, autostart.entry());
        assertFalse(autostart.enabled());

        Autostart.State on = autostart.enable();
        assertTrue(on.enabled());
        assertEquals(launcher.toString(), on.command());
        assertTrue(Files.readAllLines(entry).contains("Exec=" + launcher), Files.readString(entry));
        assertTrue(Files.readAllLines(entry).contains("Icon=hostwarden"));
        validate(entry);
        assertTrue(autostart.enable().enabled(), "enabling twice is harmless");

        assertFalse(autostart.disable().enabled());
        assertFalse(Files.exists(entry));
        assertFalse(autostart.disable().enabled(), "disabling twice is harmless");
    }

    @Test
    void aLauncherPathWithReservedCharactersIsQuotedSoTheEntryRunsExactlyIt() throws Exception {
        Path launcher = launcher("host warden \"$HOME\" `x` back\\slash 100%");
        new XdgAutostart(env(launcher)).enable();
        Path entry = tmp.resolve("config/autostart/hostwarden.desktop");
        String exec = Files.readAllLines(entry).stream().filter(line -> line.startsWith("Exec=")).findFirst().orElseThrow();
        assertEquals(List.of(launcher.toString()), execArguments(exec.substring("Exec=".length())), exec);
        validate(entry);
    }

    @Test
    void anEntrySwitchedOffByTheDesktopCountsAsNotEnabledAndOnSwitchesItBackOn() throws Exception {
        Path launcher = launcher("hostwarden");
        Path entry = Files.createDirectories(tmp.resolve("config/autostart")).resolve("hostwarden.desktop");
        Files.writeString(entry, XdgAutostart.entryText(launcher).replace("X-GNOME-Autostart-enabled=true", "X-GNOME-Autostart-enabled=false"));
        XdgAutostart autostart = new XdgAutostart(env(launcher));
        assertFalse(autostart.enabled());
        Files.writeString(entry, XdgAutostart.entryText(launcher) + "Hidden=true\n");
        assertFalse(autostart.enabled());
        assertTrue(autostart.enable().enabled());
        assertFalse(Files.readString(entry).contains("Hidden=true"));
    }

    @Test
    void aRelativeXdgConfigHomeIsIgnoredAsTheSpecSays() throws Exception {
        Path launcher = launcher("hostwarden");
        Environment env = env(launcher).with("XDG_CONFIG_HOME", "relative/config");
        assertEquals(tmp.resolve("home/.config/autostart/hostwarden.desktop"), new XdgAutostart(env).entry());
    }

    @Test
    void withoutAnInstalledLauncherNothingIsWritten() throws Exception {
        Environment env = env(launcher("hostwarden")).with("HOSTWARDEN_LAUNCHER", null);
        AutostartException failure = assertThrows(AutostartException.class, () -> new XdgAutostart(env).enable());
        assertTrue(failure.getMessage().contains("HOSTWARDEN_LAUNCHER"), failure.getMessage());
        assertFalse(Files.exists(tmp.resolve("config")));
    }

    @Test
    void hostwardenOnPathIsTheLauncherWhenNoneIsNamed() throws Exception {
        Path launcher = launcher("hostwarden");
        Environment env = env(launcher).with("HOSTWARDEN_LAUNCHER", null).with("PATH", "/nonexistent:" + launcher.getParent());
        assertEquals(launcher.toString(), new XdgAutostart(env).enable().command());
    }

    @Test
    void aDirectoryOrFifoAtTheEntryPathIsReportedNeverOpened() throws Exception {
        Path launcher = launcher("hostwarden");
        Path autostartDir = Files.createDirectories(tmp.resolve("config/autostart"));
        Path entry = autostartDir.resolve("hostwarden.desktop");
        Files.createDirectory(entry);
        XdgAutostart autostart = new XdgAutostart(env(launcher));
        assertThrows(AutostartException.class, autostart::state);
        assertThrows(AutostartException.class, autostart::enable);
        assertTrue(Files.isDirectory(entry), "left as it was");
        Files.delete(entry);

        Process mkfifo = new ProcessBuilder("mkfifo", entry.toString()).start();
        Assumptions.assumeTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo unavailable");
        AutostartException fifo = assertThrows(AutostartException.class, autostart::state);
        assertTrue(fifo.getMessage().contains(entry.toString()), fifo.getMessage());
        assertThrows(AutostartException.class, autostart::disable);
    }

    @Test
    void aControlCharacterInTheLauncherPathIsRefused() {
        assertThrows(AutostartException.class, () -> XdgAutostart.execValue("/opt/host\nwarden"));
    }

    /** The Exec value's arguments: the desktop file's string escapes undone, then the Exec quoting. */
    static List<String> execArguments(String value) {
        String unescaped = value.replace("\\\\", "\\");
        List<String> args = new ArrayList<>();
        StringBuilder current = null;
        boolean quoted = false;
        for (int i = 0; i < unescaped.length(); i++) {
            char c = unescaped.charAt(i);
            if (quoted) {
                if (c == '\\' && i + 1 < unescaped.length()) {
                    current.append(unescaped.charAt(++i));
                } else if (c == '"') {
                    quoted = false;
                } else {
                    current.append(c);
                }
            } else if (c == ' ') {
                if (current != null) {
                    args.add(current.toString());
                    current = null;
                }
            } else {
                current = current == null ? new StringBuilder() : current;
                if (c == '"') {
                    quoted = true;
                } else {
                    current.append(c);
                }
            }
        }
        if (current != null) {
            args.add(current.toString());
        }
        return args.stream().map(arg -> arg.replace("%%", "%")).toList();
    }

    /** desktop-file-validate on the entry; skips loudly where the tool is not installed. */
    static void validate(Path entry) throws Exception {
        Process process;
        try {
            process = new ProcessBuilder("desktop-file-validate", entry.toString()).redirectErrorStream(true).start();
        } catch (IOException missing) {
            System.err.println("SKIPPED desktop-file-validate: not installed (apt-get install desktop-file-utils)");
            Assumptions.abort("desktop-file-validate is not installed (apt-get install desktop-file-utils)");
            return;
        }
        String output = new String(process.getInputStream().readAllBytes());
        assertTrue(process.waitFor(30, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertEquals("", output.strip(), "desktop-file-validate has remarks: " + Files.readString(entry));
    }
}
