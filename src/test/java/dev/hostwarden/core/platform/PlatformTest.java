package dev.hostwarden.core.platform;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Cli;
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
    void theFamilyIsTheOsNameUnlessWindowsIsForced() {
        assertEquals(Platform.Family.LINUX, Platform.decide(null, "Linux").family());
        assertEquals(Platform.Family.MAC, Platform.decide("", "Mac OS X").family());
        assertEquals(Platform.Family.OTHER_POSIX, Platform.decide(null, "FreeBSD").family());
        Platform forced = Platform.decide("windows", "Linux");
        assertEquals(Platform.Family.WINDOWS, forced.family());
        assertTrue(forced.describe().startsWith("windows (forced"), forced.describe());
    }

    @Test
    void everyOsQuestionFollowsTheFamily() {
        Platform windows = Platform.of(Platform.Family.WINDOWS);
        Platform linux = Platform.of(Platform.Family.LINUX);
        assertEquals(Platform.LockKind.BYTE_RANGE, windows.lockKind());
        assertEquals(Platform.LockKind.FLOCK, linux.lockKind());
        assertEquals(Platform.StopMethod.MARKER_ONLY, windows.stopMethod());
        assertEquals(Platform.StopMethod.MARKER_AND_SIGTERM, linux.stopMethod());
        assertEquals("NUL", windows.nullDevice());
        assertEquals("/dev/null", linux.nullDevice());
        assertEquals("java.exe", windows.executable("java"));
        assertEquals(Platform.Desktop.WINDOWS, windows.desktop());
        assertEquals(Platform.Desktop.FREEDESKTOP, linux.desktop());
        assertEquals(Platform.Desktop.MAC, Platform.of(Platform.Family.MAC).desktop());
        assertTrue(linux.hasProcFs() && !windows.hasProcFs() && !Platform.of(Platform.Family.MAC).hasProcFs());
        assertTrue(windows.isPathLike("bin\\hermes") && !linux.isPathLike("bin\\hermes") && linux.isPathLike("bin/hermes"));
        Platform forced = Platform.decide("windows", "Linux");
        assertEquals(Platform.LockKind.BYTE_RANGE, forced.lockKind(), "the forced flavour takes Windows' locks and stops");
        assertEquals("/dev/null", forced.nullDevice(), "but programs and devices stay the real OS's");
        assertEquals("java", forced.executable("java"));
    }

    @Test
    void anyOtherForcedFlavourIsRefusedNamingTheValue() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> Platform.decide("macos", "Linux"));
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
