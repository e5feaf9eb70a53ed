package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.hostwarden.core.Verdict;
import dev.hostwarden.panel.tray.AwtTray;
import dev.hostwarden.panel.tray.TrayMenuItem;
import dev.hostwarden.panel.tray.TrayStatus;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The tray colour rule, the icons behind it, and the no-tray path (the only one CI can exercise). */
class TrayTest {

    @ParameterizedTest
    @CsvSource({"LIVE,GREEN", "UNPROVABLE,AMBER", "STARTING,AMBER", "STALE,RED", "UNUSABLE,RED", "NO_OWNER,GREY"})
    void colourFollowsTheVerdict(Verdict verdict, TrayStatus colour) {
        assertEquals(colour, TrayStatus.of(verdict));
    }

    @Test
    void theWorstVerdictWins() {
        assertEquals(Verdict.LIVE, TrayStatus.worst(List.of(Verdict.NO_OWNER, Verdict.LIVE, Verdict.NO_OWNER)));
        assertEquals(Verdict.STALE, TrayStatus.worst(List.of(Verdict.LIVE, Verdict.STALE, Verdict.UNPROVABLE)));
        assertEquals(Verdict.UNUSABLE, TrayStatus.worst(List.of(Verdict.STALE, Verdict.UNUSABLE)));
        assertEquals(Verdict.NO_OWNER, TrayStatus.worst(List.of()));
    }

    @Test
    void everyIconIsOnTheClassPath() {
        for (TrayStatus status : TrayStatus.values()) {
            for (int size : new int[] {16, 24, 32, 64}) {
                assertNotNull(TrayStatus.class.getResource(status.iconResource(size)), status + " " + size);
            }
        }
    }

    @Test
    void withoutADisplayTheTrayIsUnavailableWithAReason() {
        AwtTray tray = new AwtTray();
        assertFalse(tray.install(TrayStatus.GREY, "tip", List.of(new TrayMenuItem("Quit", () -> { })), () -> { }));
        assertEquals("no display (headless)", tray.unavailableReason());
        tray.update(TrayStatus.RED, "ignored without an icon");
        tray.notify("title", "ignored without an icon");
        tray.remove();
    }
}
