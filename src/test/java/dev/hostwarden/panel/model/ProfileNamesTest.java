package dev.hostwarden.panel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** issue 21: a card never lists more than a handful of profiles; the rest are counted. */
class ProfileNamesTest {
    private static HostRecord serving(List<String> profiles) {
        return new HostRecord(Role.GATEWAY, "/home/ada/.hermes", 4242, 1_700_000_000.0, 81117L, "boot:1", "", null,
                HostRecord.PROTOCOL_VERSION, "", profiles, "2026-01-01T00:00:00.000000+00:00");
    }

    @Test
    void aHandfulOfNamesThenTheCount() {
        assertEquals("default, work", ProfileNames.handful(List.of("default", "work")));
        assertEquals("a, b, c, d, e", ProfileNames.handful(List.of("a", "b", "c", "d", "e")));
        assertEquals("a, b, c, d, e, … (6 in all)", ProfileNames.handful(List.of("a", "b", "c", "d", "e", "f")));
    }

    @Test
    void theLiveHeadlineOfAGatewayServing301ProfilesNamesFive() {
        List<String> names = new ArrayList<>(List.of("default"));
        for (int i = 1; i <= 300; i++) {
            names.add(String.format("p%03d", i));
        }
        HostRecord record = serving(names);
        // The core's words, as status prints them, list every name.
        Reason live = new Reason(ReasonCode.LIVE, "Owner PID 4242 serving: " + String.join(", ", names));
        assertEquals("Owner PID 4242 serving: default, p001, p002, p003, p004, … (301 in all)", ProfileNames.reason(live, record));
        Reason other = new Reason(ReasonCode.ENDPOINT_SILENT, "The owner's endpoint did not answer");
        assertEquals(other.message(), ProfileNames.reason(other, record), "words that list no profiles are left alone");
        Reason few = new Reason(ReasonCode.LIVE, "Owner PID 4242 serving: default, work");
        assertEquals(few.message(), ProfileNames.reason(few, serving(List.of("default", "work"))));
    }
}
