package dev.hostwarden.panel.model;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.record.HostRecord;
import java.util.List;

/**
 * A card names a handful of profiles and counts the rest ("… (301 in all)"): a gateway serving 300
 * profiles would otherwise list all 301 names in its headline and push its own buttons and the
 * Profiles section below the fold. The Profiles section lists every home; Copy gives the full list.
 */
public final class ProfileNames {
    /** How many names a card shows before it counts. */
    public static final int HANDFUL = 5;

    private ProfileNames() {
    }

    /** "default, work", or the first {@link #HANDFUL} names and "… (301 in all)". */
    public static String handful(List<String> names) {
        if (names.size() <= HANDFUL) {
            return String.join(", ", names);
        }
        return String.join(", ", names.subList(0, HANDFUL)) + ", … (" + names.size() + " in all)";
    }

    /** A reason's words as a card shows them: where they list the record's served profiles, only a handful. */
    public static String reason(Reason reason, HostRecord record) {
        String words = reason.message();
        if (record == null || record.profiles().size() <= HANDFUL) {
            return words;
        }
        return words.replace(String.join(", ", record.profiles()), handful(record.profiles()));
    }

    /** The card's headline: its first reason in those words, or the verdict where there is none. */
    public static String headline(RoleReport report) {
        return report.reasons().isEmpty() ? report.verdict().name() : reason(report.reasons().get(0), report.record().recordOrNull());
    }
}
