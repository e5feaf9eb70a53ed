package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.Main;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Windows stop and the Windows places, run on Linux: every process here (owner, stop, restart) is
 * a real JVM given the Windows flavour ({@code -Dhostwarden.platform=windows}). Its stop writes the
 * planned-stop marker and sends no signal, its owner finds the marker and exits 0, its hermes home
 * defaults to {@code %LOCALAPPDATA%\hermes} and its settings file is {@code %APPDATA%\hostwarden\settings.json}.
 */
@EnabledOnOs(OS.LINUX)
class WindowsFlavourOwnerControlTest {
    private static final List<String> WINDOWS = List.of("-D" + Platform.FLAVOUR_PROPERTY + "=windows");
    private static final Duration START = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    private final List<ChildProcess> children = new ArrayList<>();

    @AfterEach
    void stopTheChildren() {
        for (ChildProcess child : children) {
            child.close();
        }
    }

    /** What a Windows user's environment has (AppData folders), with nothing that would name other places. */
    private Map<String, String> windowsEnvironment() {
        Map<String, String> env = new HashMap<>();
        env.put("HERMES_GATEWAY_LOCK_DIR", tmp.resolve("locks").toString());
        env.put("LOCALAPPDATA", tmp.resolve("Local").toString());
        env.put("APPDATA", tmp.resolve("Roaming").toString());
        env.put("XDG_STATE_HOME", tmp.resolve("state").toString());
        env.put("HERMES_HOME", null);
        env.put("XDG_CONFIG_HOME", null);
        env.put("HOSTWARDEN_SETTINGS", null);
        return env;
    }

    private ChildProcess windowsGateway() throws Exception {
        ChildProcess owner = ChildProcess.java(WINDOWS, Main.class.getName(), windowsEnvironment(), "run", "gateway");
        children.add(owner);
        assertEquals("READY role=gateway pid=" + owner.pid(), owner.readLine(START), owner.stderr());
        return owner;
    }

    /**
     * The published gateway record as it is on disk. Stale or not is the Windows flavour's judgement
     * (its start times come from ProcessHandle, not /proc), so this Linux-flavoured reader does not judge.
     */
    private HostRecord gatewayRecord() {
        return HostRendezvous.at(RendezvousDir.of(tmp.resolve("locks")), ProcessInspector.system()).readRecord(Role.GATEWAY, true);
    }

    @Test
    void stopWritesTheMarkerIntoLocalAppDataAndSendsNoSignalAndTheOwnerExitsZero() throws Exception {
        ChildProcess owner = windowsGateway();
        Path home = tmp.resolve("Local").resolve("hermes");
        assertEquals(home.toString(), gatewayRecord().home(), "the owner's home defaults to %LOCALAPPDATA%\\hermes");

        Cli.Result stop = Cli.runChildJvm(WINDOWS, windowsEnvironment(), "stop", "gateway", "--no-escalate", "--timeout", "60", "--json");

        assertEquals(0, stop.exit(), stop.toString());
        List<String> kinds = new ArrayList<>();
        for (JsonNode step : stop.json().path("steps")) {
            kinds.add(step.path("kind").asText());
        }
        assertTrue(kinds.contains("MARKER_WRITTEN"), stop.toString());
        assertFalse(kinds.contains("SIGNALLED"), "the Windows stop sends no SIGTERM: " + stop);
        assertTrue(stop.json().path("steps").get(0).path("message").asText().contains(PlannedStopMarker.pathFor(home).toString()), stop.toString());
        assertEquals(0, owner.waitFor(START), "a planned stop exits 0; stderr:\n" + owner.stderr());
        assertTrue(owner.stderr().contains("a planned-stop marker from"), owner.stderr());
        assertFalse(owner.stderr().contains("SIGTERM"), "the owner found the marker, no signal came: " + owner.stderr());
        assertEquals(null, gatewayRecord(), "the owner retracted its record");
    }

    @Test
    void restartReadsItsSettingsFromAppDataAndABadFileThereStopsNothing() throws Exception {
        ChildProcess owner = windowsGateway();
        Path settings = tmp.resolve("Roaming").resolve("hostwarden").resolve("settings.json");
        Files.createDirectories(settings.getParent());
        Files.writeString(settings, "{\"roles\": 5}");

        Cli.Result restart = Cli.runChildJvm(WINDOWS, windowsEnvironment(), "restart", "gateway");

        assertEquals(78, restart.exit(), restart.toString());
        assertTrue(restart.err().contains("settings file " + settings + ": \"roles\" must be an object"), restart.toString());
        assertTrue(owner.process().isAlive(), "a refused restart stops nothing");
        assertEquals(owner.pid(), gatewayRecord().pid());
    }
}
