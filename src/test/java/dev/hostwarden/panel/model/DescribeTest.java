package dev.hostwarden.panel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
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
}
