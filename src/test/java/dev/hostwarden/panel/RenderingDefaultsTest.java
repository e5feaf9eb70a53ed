package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The panel's JavaFX defaults: the software renderer at a 30 Hz pulse without the region cache's 8 MB
 * image, and whatever the user gave on the command line left as given.
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
}
