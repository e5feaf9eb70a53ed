package dev.hostwarden.panel.tray;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which side of a docked icon tells the tray's colour, on screens drawn in code. */
class TrayBackdropTest {
    private static final int TRAY = 0xFF204060;
    private static final int DESKTOP = 0xFF000000;
    private static final int ICON = 0xFFF0F0F0;

    /** A 200x40 screen: a 24 px tray along the top, the desktop under it, a 24x24 icon at iconX, 0. */
    private static TrayBackdrop.Screen topPanel(int iconX) {
        return (x, y) -> {
            if (x < 0 || y < 0 || x >= 200 || y >= 40) {
                return null;
            }
            if (y >= 24) {
                return DESKTOP;
            }
            return x >= iconX && x < iconX + 24 ? ICON : TRAY;
        };
    }

    @Test
    void theTrayBesideTheIconGivesItsColour() {
        assertEquals(Optional.of(TRAY & 0xFFFFFF), TrayBackdrop.around(topPanel(100), 100, 0, 24, 24));
    }

    @Test
    void anIconAtTheScreensRightEdgeTakesTheTrayOnItsLeft() {
        assertEquals(Optional.of(TRAY & 0xFFFFFF), TrayBackdrop.around(topPanel(176), 176, 0, 24, 24));
    }

    @Test
    void anIconAtTheLeftEdgeTakesTheTrayOnItsRight() {
        assertEquals(Optional.of(TRAY & 0xFFFFFF), TrayBackdrop.around(topPanel(0), 0, 0, 24, 24));
    }

    @Test
    void aNeighbourThatIsNotFlatIsSkipped() {
        TrayBackdrop.Screen screen = (x, y) -> {
            TrayBackdrop.Screen panel = topPanel(100);
            // Another icon with a stripe pattern just left of ours.
            return x >= 90 && x < 100 && y < 24 ? (y % 2 == 0 ? ICON : DESKTOP) : panel.argb(x, y);
        };
        assertEquals(Optional.of(TRAY & 0xFFFFFF), TrayBackdrop.around(screen, 100, 0, 24, 24));
    }

    @Test
    void aVerticalPanelIsReadAboveAndBelow() {
        TrayBackdrop.Screen sidePanel = (x, y) -> {
            if (x < 0 || y < 0 || x >= 40 || y >= 200) {
                return null;
            }
            if (x >= 24) {
                return y % 3 == 0 ? ICON : DESKTOP; // a busy desktop right of the panel
            }
            return y >= 100 && y < 124 ? ICON : TRAY;
        };
        assertEquals(Optional.of(TRAY & 0xFFFFFF), TrayBackdrop.around(sidePanel, 0, 100, 24, 24));
    }

    @Test
    void aGradientTrayKeepsTheJdksColour() {
        TrayBackdrop.Screen gradient = (x, y) -> x < 0 || y < 0 || x >= 200 || y >= 24 ? null : 0xFF000000 | (y * 10) << 8;
        assertEquals(Optional.empty(), TrayBackdrop.around(gradient, 100, 0, 24, 24));
    }
}
