package dev.hostwarden.panel.model;

import dev.hostwarden.core.Verdict;
import java.util.Collection;
import java.util.Comparator;

/** The tray icon's colour family: the worst verdict of all roles decides it (its glyph: the tray's {@code TrayGlyph}). */
public enum TrayStatus {
    GREEN(Verdict.LIVE), AMBER(Verdict.UNPROVABLE), RED(Verdict.STALE), GREY(Verdict.NO_OWNER),
    /** Alive but not delivering: a live gateway's platform needs a person. Only a worse verdict shadows it. */
    ATTENTION(Verdict.LIVE);

    /** The verdict whose glyph stands for this colour where only the colour is known. */
    private final Verdict typical;

    TrayStatus(Verdict typical) {
        this.typical = typical;
    }

    public static TrayStatus of(Verdict verdict) {
        return switch (verdict) {
            case LIVE -> GREEN;
            case UNPROVABLE, STARTING -> AMBER;
            case STALE, UNUSABLE -> RED;
            case NO_OWNER -> GREY;
        };
    }

    /** The worst of {@code verdicts} by {@link Verdict#severity()}; NO_OWNER when there are none. */
    public static Verdict worst(Collection<Verdict> verdicts) {
        return verdicts.stream().max(Comparator.comparingInt(Verdict::severity)).orElse(Verdict.NO_OWNER);
    }

    /** The verdict whose glyph stands for this colour where only the colour is known. */
    public Verdict typical() {
        return typical;
    }
}
