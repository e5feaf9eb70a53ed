package dev.hostwarden.panel.tray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.awt.Point;
import java.awt.Rectangle;
import org.junit.jupiter.api.Test;

/** Where the X11 tooltip opens: beside the tray's edge of the screen, never off it. */
class X11TooltipTest {
    private static final Rectangle SCREEN = new Rectangle(0, 0, 1280, 800);

    @Test
    void aTopPanelGetsItBelowTheIconKeptOnScreen() {
        assertEquals(new Point(1280 - 180, 24 + 4), X11Tooltip.placeNear(new Rectangle(1255, 0, 24, 24), 180, 60, SCREEN));
    }

    @Test
    void aBottomPanelGetsItAboveTheIconCentred() {
        assertEquals(new Point(600 + 12 - 90, 776 - 60 - 4), X11Tooltip.placeNear(new Rectangle(600, 776, 24, 24), 180, 60, SCREEN));
    }

    @Test
    void anIconAtTheLeftEdgeKeepsItOnScreen() {
        assertEquals(new Point(0, 28), X11Tooltip.placeNear(new Rectangle(0, 0, 24, 24), 180, 60, SCREEN));
    }
}
