package dev.hostwarden.panel.doctor;

import dev.hostwarden.doctor.Finding;
import java.util.List;

/** One check as the Doctor view shows it: the finding and the fixes that are safe to offer as buttons. */
public record DoctorRow(Finding finding, List<SafeFix> fixes) {
    public DoctorRow {
        fixes = List.copyOf(fixes);
    }

    /** The verdict in a glyph and a word, so it never rests on colour alone. */
    public String verdictText() {
        return switch (finding.result()) {
            case OK -> "\u2714 OK";
            case WARN -> "\u26A0 WARN";
            case PROBLEM -> "\u2716 PROBLEM";
        };
    }
}
