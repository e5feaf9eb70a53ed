package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The flavour is the OS's unless forced to Windows; any other forced value is refused by name. */
class PlatformTest {
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
}
