package dev.hostwarden.panel.theme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThemeChoiceTest {
    @Test
    void wordsParseWhateverTheirCase() {
        assertEquals(Optional.of(ThemeChoice.DARK), ThemeChoice.parse(" Dark\n"));
        assertEquals(Optional.of(ThemeChoice.SYSTEM), ThemeChoice.parse("system"));
        assertEquals(Optional.empty(), ThemeChoice.parse("purple"));
        assertEquals(Optional.empty(), ThemeChoice.parse(null));
        assertEquals("system, light, dark", ThemeChoice.words());
    }

    @Test
    void theDesktopsAnswersAreReadAsTheyArePrinted() {
        assertTrue(SystemThemeProbe.gnomeSchemeSaysDark("'prefer-dark'\n"));
        assertFalse(SystemThemeProbe.gnomeSchemeSaysDark("'prefer-light'\n"));
        assertTrue(SystemThemeProbe.gtkThemeSaysDark("'Adwaita-dark'\n"));
        assertFalse(SystemThemeProbe.gtkThemeSaysDark("'Adwaita'\n"));
        String reg = "\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\r\n"
                + "    AppsUseLightTheme    REG_DWORD    0x%s\r\n\r\n";
        assertTrue(SystemThemeProbe.windowsSaysDark(String.format(reg, "0")));
        assertFalse(SystemThemeProbe.windowsSaysDark(String.format(reg, "1")));
        assertFalse(SystemThemeProbe.windowsSaysDark(String.format(reg, "10")));
    }
}
