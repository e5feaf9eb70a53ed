package dev.hostwarden.report;

import java.util.Locale;

/**
 * Whether {@code printf("%d")} writes plain ASCII digits in the default format locale, decided without
 * loading the locale's number data: {@code java.util.Formatter} asks {@code DecimalFormatSymbols} for
 * the zero digit of any locale but {@code en_US}, which loads the JDK's CLDR data (about 130 classes
 * for one PID in {@code status}'s text). The languages below write ASCII digits in every region the
 * JDK knows unless a {@code -u-nu-} extension picks other digits; {@code PlainDigitsTest} checks that
 * against {@code DecimalFormatSymbols} for every available locale. Any other locale keeps the Formatter.
 */
final class PlainDigits {
    private static final String LANGUAGES = " en de fr es it pt nl sv da nb nn no fi is pl cs sk sl hr hu ro ru uk be bg el tr ja zh"
            + " ko vi id ms ca eu gl et lv lt he ga cy sq mk sr bs lb mt af sw tl fil ";

    private PlainDigits() {
    }

    static boolean inDefaultLocale() {
        return covers(Locale.getDefault(Locale.Category.FORMAT));
    }

    static boolean covers(Locale locale) {
        if (locale.getUnicodeLocaleType("nu") != null) {
            return false;
        }
        String language = locale.getLanguage();
        return language.isEmpty() || LANGUAGES.contains(" " + language + " ");
    }
}
