package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A panel without a fleet loads no fleet class: a refresh in a fresh JVM, logged class by class. With
 * one, the fleet's classes come in through PanelFleet alone (the contrast shows the log is read right).
 */
class PanelFleetClassesTest {
    @TempDir
    Path temp;

    private List<String> fleetClassesLoaded(String... fleet) throws Exception {
        Path log = temp.resolve("classes-" + fleet.length + ".log");
        Map<String, String> env = new HashMap<>();
        env.put("HOSTWARDEN_FLEET", null);
        List<String> args = new ArrayList<>(List.of(temp.resolve("locks").toString(), temp.resolve("hermes").toString()));
        args.addAll(List.of(fleet));
        try (ChildProcess child = ChildProcess.java(List.of("-Xlog:class+load=info:file=" + log), PanelRefreshChild.class.getName(), env,
                args.toArray(String[]::new))) {
            assertTrue(child.awaitLine(line -> line.startsWith("desktop-serve "), Duration.ofSeconds(60)).contains("NO_OWNER"), child.stderr());
            assertEquals(0, child.waitFor(Duration.ofSeconds(60)), child.stderr());
        }
        List<String> loaded = Files.readAllLines(log);
        assertTrue(loaded.stream().anyMatch(line -> line.contains(" dev.hostwarden.panel.model.PanelModel ")), "the log covers the refresh");
        return loaded.stream().filter(line -> line.contains("] dev.hostwarden.fleet.") || line.contains("] dev.hostwarden.panel.model.PanelFleet "))
                .toList();
    }

    @Test
    void aPanelWithoutAFleetLoadsNoFleetClass() throws Exception {
        assertEquals(List.of(), fleetClassesLoaded());
        assertTrue(fleetClassesLoaded("--fleet", "http://127.0.0.1:1").stream().anyMatch(line -> line.contains("dev.hostwarden.fleet.FleetInspector")),
                "with a fleet the inspector is loaded");
    }
}
