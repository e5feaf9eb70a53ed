package dev.hostwarden.panel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.text.BreakIterator;
import java.time.Instant;
import java.util.ArrayList;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Record values in plain language, as the cards show them. */
class DescribeTest {
    @Test
    void recordValuesInPlainLanguage() {
        assertEquals("2026-11-29 17:00:00  (raw 1795971600.25)", Describe.createTime(1795971600.25, ZoneOffset.UTC));
        assertEquals("not recorded", Describe.createTime(null, ZoneOffset.UTC));
        assertEquals("2026-11-29T17:00:00.000000+00:00  (1 min 5 s ago)",
                Describe.updatedAt("2026-11-29T17:00:00.000000+00:00", Instant.parse("2026-11-29T17:01:05Z")));
        assertEquals("garbage  (unparsable)", Describe.updatedAt("garbage", Instant.now()));
        assertEquals("2026-11-29T17:00:00.000000+00:00  (3 s ahead of this clock)",
                Describe.updatedAt("2026-11-29T17:00:00.000000+00:00", Instant.parse("2026-11-29T16:59:57Z")), "never \"in 3 s ago\"");
        assertEquals("2 h 4 min", Describe.duration(7440));
        assertEquals("abc…", Describe.shortened("abcdef", 4));
    }

    /** Where JavaFX may break a wrapping label's line: it asks java.text's line break iterator. */
    private static List<String> lineBreakPieces(String text) {
        BreakIterator breaks = BreakIterator.getLineInstance();
        breaks.setText(text);
        List<String> pieces = new ArrayList<>();
        for (int start = breaks.first(), end = breaks.next(); end != BreakIterator.DONE; start = end, end = breaks.next()) {
            pieces.add(Describe.plainPath(text.substring(start, end)).strip());
        }
        return pieces;
    }

    @Test
    void aShownPathBreaksAfterEachSlashAndNeverInsideAName() {
        // issue 21: "host-serve.js / on" wrapped inside the file name although wrapping at '/' is promised.
        String path = "/tmp/tmp.NID31pV9fg/locks/host-serve.json";
        assertEquals(List.of("/tmp/hw/host-", "serve.", "json"), lineBreakPieces("/tmp/hw/host-serve.json"),
                "plain, a path breaks inside its names and nowhere at '/'");
        assertEquals(List.of("/", "tmp/", "tmp.NID31pV9fg/", "locks/", "host-serve.json"), lineBreakPieces(Describe.breakablePath(path)));
        assertEquals(List.of("/", "home/", ".hermes/", "profiles/", "research-and-development/", ".gateway-planned-stop.json"),
                lineBreakPieces(Describe.breakablePath("/home/.hermes/profiles/research-and-development/.gateway-planned-stop.json")));
        assertEquals(path, Describe.plainPath(Describe.breakablePath(path)));
        assertEquals(4, Describe.breakablePath(path).chars().filter(c -> c == '/').count(), "the slashes stay where they are");
    }
}
