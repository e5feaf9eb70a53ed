package dev.hostwarden.panel.tray;

import dev.hostwarden.core.Verdict;
import java.util.Collection;
import java.util.Comparator;

/** The tray icon's colour: the worst verdict of all roles decides it. */
public enum TrayStatus {
    GREEN("green"), AMBER("amber"), RED("red"), GREY("grey");

    private final String iconName;

    TrayStatus(String iconName) {
        this.iconName = iconName;
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

    /** The class-path resource of this colour's icon at {@code size} px (16, 24, 32 or 64). */
    public String iconResource(int size) {
        return "/dev/hostwarden/panel/icons/tray-" + iconName + "-" + size + ".png";
    }
}
