package dev.hostwarden.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.DecimalFormatSymbols;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** status's text writes %d without java.util.Formatter only where the Formatter would write ASCII digits too. */
class PlainDigitsTest {
    @Test
    void everyLocaleItCoversWritesAsciiDigits() {
        int covered = 0;
        for (Locale locale : Locale.getAvailableLocales()) {
            if (PlainDigits.covers(locale)) {
                covered++;
                assertEquals('0', DecimalFormatSymbols.getInstance(locale).getZeroDigit(), locale.toLanguageTag());
                assertEquals("4242", String.format(locale, "%d", 4242L), locale.toLanguageTag());
            }
        }
        assertTrue(covered > 300, "the common locales are covered: " + covered);
    }

    @Test
    void aLocaleWithItsOwnDigitsKeepsTheFormatter() {
        assertFalse(PlainDigits.covers(Locale.forLanguageTag("ar-EG")));
        assertFalse(PlainDigits.covers(Locale.forLanguageTag("en-US-u-nu-arab")));
        assertFalse(PlainDigits.covers(Locale.forLanguageTag("th-TH-u-nu-thai")));
        assertTrue(PlainDigits.covers(Locale.US));
        assertTrue(PlainDigits.covers(Locale.ROOT));
    }

    @Test
    void paddedIsPercentMinusS() {
        for (String text : new String[] {"", "gateway", "desktop-serve", "exactly-14-chr", "longer-than-fourteen"}) {
            assertEquals(String.format("%-14s", text), ReportText.padded(text, 14), text);
        }
    }

    @Test
    void decimalIsPercentD() {
        Locale before = Locale.getDefault(Locale.Category.FORMAT);
        try {
            for (String tag : new String[] {"en", "en-US", "de-DE", "ar-EG", "fa-IR", "th-TH-u-nu-thai", "hi-IN"}) {
                Locale.setDefault(Locale.Category.FORMAT, Locale.forLanguageTag(tag));
                assertEquals(String.format("%d", 123456789L), ReportText.decimal(123456789L), tag);
            }
        } finally {
            Locale.setDefault(Locale.Category.FORMAT, before);
        }
    }
}
