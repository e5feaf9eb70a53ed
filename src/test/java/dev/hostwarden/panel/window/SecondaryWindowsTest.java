package dev.hostwarden.panel.window;

import static org.junit.jupiter.api.Assertions.assertEquals;

import javafx.geometry.Dimension2D;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.Test;

/** A window beside the panel fits the screen it opens on, frame included; on a large one it keeps its size. */
class SecondaryWindowsTest {
    @Test
    void aLargeWindowShrinksIntoAnEightHundredBySixHundredDesktop() {
        Rectangle2D small = new Rectangle2D(0, 0, 800, 600);
        assertEquals(new Dimension2D(780, 552), SecondaryWindows.fitted(780, 700, small), "the Doctor");
        assertEquals(new Dimension2D(784, 552), SecondaryWindows.fitted(900, 560, small), "a log");
        assertEquals(new Dimension2D(784, -1), SecondaryWindows.fitted(860, -1, small), "the Timeline: its height from its content");
    }

    @Test
    void onALargeScreenTheWantedSizeStandsAndNothingShrinksBelowAUsableMinimum() {
        assertEquals(new Dimension2D(780, 700), SecondaryWindows.fitted(780, 700, new Rectangle2D(0, 0, 1920, 1080)));
        assertEquals(new Dimension2D(320, 240), SecondaryWindows.fitted(780, 700, new Rectangle2D(0, 0, 200, 100)));
    }
}
