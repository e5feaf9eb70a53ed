package dev.hostwarden.panel.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.profiles.ProfileScan;
import dev.hostwarden.core.record.RendezvousDir;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the Profiles view's rows say for real homes on disk, odd ones included; no toolkit needed. */
class ProfileRowTest {
    @TempDir
    Path temp;

    private Map<String, ProfileRow> rows(Path root) {
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(temp.resolve("locks")), ProcessInspector.system());
        return new ProfileScan(rendezvous).scan(root).profiles().stream().map(ProfileRow::of)
                .collect(Collectors.toMap(ProfileRow::name, Function.identity()));
    }

    @Test
    void eachOddStateShowsWithItsReasonAndAPlainHomeHasNone() throws Exception {
        Path root = Files.createDirectories(temp.resolve("hermes"));
        Path profiles = root.resolve("profiles");
        Files.createDirectories(profiles.resolve("plain"));
        Files.createDirectories(profiles.resolve("Bad Name"));
        Files.writeString(Files.createDirectories(profiles.resolve("broken")).resolve("gateway.pid"), "not json");
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        Path marker = Files.writeString(Files.createDirectories(profiles.resolve("stopped")).resolve(".gateway-planned-stop.json"),
                "{\"target_pid\": " + gone.pid() + ", \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \""
                        + OffsetDateTime.now(ZoneOffset.UTC).minusMinutes(10) + "\"}");

        Map<String, ProfileRow> rows = rows(root);

        ProfileRow plain = rows.get("plain");
        assertEquals(ProfileRow.NO, plain.served(), "no live owner: nothing is served");
        assertEquals(List.of("—", "—", "—"), List.of(plain.standalone(), plain.marker(), plain.leftovers()));
        assertFalse(plain.odd(), plain.reasons());

        assertTrue(rows.get("Bad Name").reasons().startsWith("odd name 'Bad Name': hermes names profiles with lowercase"),
                rows.get("Bad Name").reasons());

        ProfileRow broken = rows.get("broken");
        assertEquals("gateway.pid", broken.leftovers());
        assertTrue(broken.reasons().startsWith("leftover: gateway.pid "), broken.reasons());
        assertTrue(broken.details().contains("\n    leftover: gateway.pid "), broken.details());

        ProfileRow stopped = rows.get("stopped");
        assertTrue(stopped.markerClearable());
        assertEquals("PID " + gone.pid() + ", age 10 min, expired (clearable)", stopped.marker());
        assertTrue(stopped.details().contains("\n    planned-stop marker: names PID " + gone.pid() + " (PID " + gone.pid()
                + " is not running), age "), stopped.details());
        assertTrue(ProfilesViewModel.clearMarkerPreview(stopped).startsWith("Clear expired marker: removes " + marker + ", which names PID"));
        assertEquals("Clear expired marker: no planned-stop marker in " + plain.home(), ProfilesViewModel.clearMarkerPreview(plain));
    }

    @Test
    void aLongServedSetIsCountedAfterItsFirstNames() {
        List<String> names = List.of("default", "a", "b", "c", "d", "e", "f", "g", "h", "i");
        assertEquals("default, a, b, c, d, e, f, g, … (10 in all)", ProfilesViewModel.names(names));
        assertEquals("default, a", ProfilesViewModel.names(List.of("default", "a")));
        assertEquals("nothing", ProfilesViewModel.names(List.of()));
    }

    @Test
    void withoutADesktopSessionNothingIsOpenedAndThePathIsGiven() throws Exception {
        Path folder = Files.createDirectories(temp.resolve("home"));
        Environment none = new Environment(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")), temp.toString());
        assertEquals("Open folder: no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set), so nothing was opened; the path is "
                + folder, new DesktopHandOff(none).open("Open folder", folder));
        Path log = folder.resolve("logs").resolve("gateway.log");
        assertEquals("Open gateway log: nothing to open, " + log + " does not exist", new DesktopHandOff(none).open("Open gateway log", log));
        Environment noOpener = new Environment(Map.of("DISPLAY", ":0", "PATH", temp.resolve("empty").toString()), temp.toString());
        assertEquals("Open folder: xdg-open is not installed, so nothing was opened; the path is " + folder,
                new DesktopHandOff(noOpener).open("Open folder", folder));
    }
}
