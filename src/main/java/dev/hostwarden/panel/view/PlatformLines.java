package dev.hostwarden.panel.view;

import dev.hostwarden.health.PlatformState;
import dev.hostwarden.panel.model.Describe;
import dev.hostwarden.report.Redactor;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * The gateway's platforms on its card, one line each, from the live owner's runtime status: a glyph
 * for the condition (✓ connected, ↻ connecting or retrying, ✗ failed, ⚠ needs attention), the
 * platform and profile, the error in redacted words, and how long it has been so. Also the words the
 * card's headline and a notification use.
 */
final class PlatformLines extends VBox {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");

    PlatformLines(String role) {
        super(1);
        setId("platforms-" + role);
        managedProperty().bind(visibleProperty());
    }

    private List<PlatformState> shown = List.of();
    private Redactor shownRedactor;

    void show(List<PlatformState> platforms, Redactor redactor, Clock clock) {
        shown = platforms;
        shownRedactor = redactor;
        getChildren().clear();
        for (PlatformState platform : platforms) {
            Label line = Ui.wrapping(glyph(platform.condition()) + " " + words(platform, redactor, clock), "small",
                    platform.condition() == PlatformState.Condition.NEEDS_ATTENTION || platform.condition() == PlatformState.Condition.FAILED
                            ? "reason-bad" : platform.condition() == PlatformState.Condition.CONNECTING ? "reason-warn" : "subtle");
            line.setId("platform-" + platform.profile() + "-" + platform.name());
            getChildren().add(line);
        }
        setVisible(!platforms.isEmpty());
    }

    /** The ages move on between refreshes (a refresh that finds nothing changed rebuilds nothing). */
    void tick(Clock clock) {
        for (int i = 0; i < shown.size() && i < getChildren().size(); i++) {
            if (getChildren().get(i) instanceof Label line) {
                line.setText(glyph(shown.get(i).condition()) + " " + words(shown.get(i), shownRedactor, clock));
            }
        }
    }

    static String glyph(PlatformState.Condition condition) {
        return switch (condition) {
            case CONNECTED -> "✓";
            case CONNECTING -> "↻";
            case FAILED -> "✗";
            case NEEDS_ATTENTION -> "⚠";
        };
    }

    /** "discord (profile work): needs attention, TOKEN_INVALID (…) · 4 min". */
    static String words(PlatformState platform, Redactor redactor, Clock clock) {
        String state = platform.condition() == PlatformState.Condition.NEEDS_ATTENTION ? "needs attention" : String.valueOf(platform.state());
        String error = platform.errorCode() == null ? "" : ", " + platform.errorCode()
                + (platform.errorMessage() == null ? "" : " (" + Describe.shortened(redactor.redact(platform.errorMessage()), 120) + ")");
        Instant since = instant(platform.since());
        // Minutes, like the owner's age: the line ticks with the card and changes at most once a minute.
        String age = since == null ? "" : " · " + Describe.roughDuration(Math.max(0, Duration.between(since, clock.instant()).toSeconds()));
        return platform.describe() + ": " + state + error + age;
    }

    /** "discord needs attention since 12:04", for the headline; "" when no platform needs attention. */
    static String headline(List<PlatformState> platforms, ZoneId zone) {
        for (PlatformState platform : platforms) {
            if (platform.needsAttention()) {
                Instant since = instant(platform.since());
                return platform.describe() + " needs attention" + (since == null ? "" : " since " + TIME.format(since.atZone(zone)));
            }
        }
        return "";
    }

    private static Instant instant(String text) {
        if (text == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException notIso) {
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException neither) {
                return null;
            }
        }
    }
}
