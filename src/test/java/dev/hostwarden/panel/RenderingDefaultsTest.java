package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hostwarden.core.platform.Platform;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The panel's JavaFX defaults: the software renderer at a 30 Hz pulse without the region cache's 8 MB
 * image, GDK talking to a local X server synchronously, and whatever the user gave left as given.
 */
class RenderingDefaultsTest {
    private static Properties applied(String... given) {
        Properties properties = new Properties();
        for (int i = 0; i < given.length; i += 2) {
            properties.setProperty(given[i], given[i + 1]);
        }
        RenderingDefaults.applyProperties(properties);
        return properties;
    }

    @Test
    void withNothingGivenThePanelDrawsInSoftwareWithoutTheRegionCache() {
        Properties properties = applied();
        assertEquals("sw", properties.getProperty("prism.order"));
        assertEquals("true", properties.getProperty("prism.disableRegionCaching"));
        assertEquals("30", properties.getProperty("javafx.animation.pulse"));
    }

    @Test
    void whatTheUserGaveWins() {
        Properties properties = applied("prism.disableRegionCaching", "false", "javafx.animation.pulse", "60");
        assertEquals("false", properties.getProperty("prism.disableRegionCaching"));
        assertEquals("60", properties.getProperty("javafx.animation.pulse"));
        assertEquals("sw", properties.getProperty("prism.order"));
    }

    @Test
    void aGpuPipelineKeepsItsRegionCache() {
        // There the cache is a texture on the GPU, not heap, and it spares real drawing.
        Properties properties = applied("prism.order", "es2");
        assertEquals("es2", properties.getProperty("prism.order"));
        assertNull(properties.getProperty("prism.disableRegionCaching"));
    }

    @Test
    void onlyALocalDisplayIsSpokenToSynchronously() {
        assumeTrue(Platform.current().desktop() == Platform.Desktop.FREEDESKTOP, "GDK's X11 backend is Linux's");
        for (String local : new String[] {":0", ":1.0", ":558", "unix:2", "unix:0.1"}) {
            assertTrue(RenderingDefaults.wantsSynchronousX(Map.of("DISPLAY", local), null, null), local);
        }
        // Over a network each wait would be a round trip, and there is no shared memory to save.
        for (String remote : new String[] {"localhost:10.0", "host.example:0", "[::1]:0", "", ":", ":x", "/tmp/.X11-unix/X0"}) {
            assertFalse(RenderingDefaults.wantsSynchronousX(Map.of("DISPLAY", remote), null, null), remote);
        }
        assertFalse(RenderingDefaults.wantsSynchronousX(Map.of(), null, null), "no X display at all");
    }

    @Test
    void synchronousXIsOnlyADefault() {
        assumeTrue(Platform.current().desktop() == Platform.Desktop.FREEDESKTOP, "GDK's X11 backend is Linux's");
        Map<String, String> local = new HashMap<>(Map.of("DISPLAY", ":0"));
        assertTrue(RenderingDefaults.wantsSynchronousX(local, "sw", "true"));
        assertFalse(RenderingDefaults.wantsSynchronousX(local, null, "false"), "-Dhostwarden.panel.synchronousX=false");
        assertFalse(RenderingDefaults.wantsSynchronousX(local, "es2", null), "a GPU pipeline does not draw through cairo");
        local.put("GDK_SYNCHRONIZE", "");
        assertFalse(RenderingDefaults.wantsSynchronousX(local, null, null), "the user's own GDK_SYNCHRONIZE is left as it is");
    }
}
