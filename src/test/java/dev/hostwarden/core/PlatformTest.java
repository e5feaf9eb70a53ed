package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The flavour is the OS's unless forced to Windows; any other forced value is refused by name. */
class PlatformTest {
    @TempDir
    Path tmp;

    @Test
    void theFlavourIsTheOsNameUnlessWindowsIsForced() {
        assertEquals("linux", Platform.flavour(null, "Linux"));
        assertEquals("mac os x", Platform.flavour("", "Mac OS X"));
        assertTrue(Platform.flavour("windows", "Linux").startsWith("windows"));
    }

    @Test
    void anyOtherForcedFlavourIsRefusedNamingTheValue() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Platform.flavour("macos", "Linux"));
        assertEquals("-Dhostwarden.platform=macos is not understood: the only forced flavour is windows", refused.getMessage());
    }

    @Test
    void aCommandGivenAnUnknownFlavourSaysSoInOneLineAndRunsAsItsOwnOs() throws Exception {
        Cli.Result normal = Cli.runChildJvm(Map.of(), "status", "--json", "--lock-dir", tmp.resolve("locks").toString());
        Cli.Result mistyped = Cli.runChildJvm(List.of("-D" + Platform.FLAVOUR_PROPERTY + "=macos"), Map.of(),
                "status", "--json", "--lock-dir", tmp.resolve("locks").toString());

        assertEquals(normal.exit(), mistyped.exit(), mistyped.toString());
        assertEquals(normal.json().path("roles").size(), mistyped.json().path("roles").size(), mistyped.toString());
        List<String> lines = mistyped.err().lines().toList();
        assertEquals(1, lines.size(), mistyped.toString());
        assertTrue(lines.get(0).startsWith("hostwarden: -Dhostwarden.platform=macos is not understood"), mistyped.toString());
        mistyped.assertPlain();
    }
}
