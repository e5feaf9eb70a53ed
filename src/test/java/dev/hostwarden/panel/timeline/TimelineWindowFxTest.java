package dev.hostwarden.panel.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.EventType;
import dev.hostwarden.history.HistoryEvent;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.panel.PanelApp;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The timeline window beside a real panel window (Monocle headless) over a real history file
 * written through {@link HistoryLog}: a lane per role with labelled segments and event ticks, the
 * span toggle, and the empty-state text when there is no history.
 */
@ExtendWith(ApplicationExtension.class)
class TimelineWindowFxTest {
    private final ExecutorService background = Executors.newCachedThreadPool();
    private Stage stage;

    @TempDir
    Path temp;

    @BeforeEach
    void primaryStage() throws Exception {
        stage = FxToolkit.registerPrimaryStage();
        String css = PanelApp.class.getResource("panel.css").toExternalForm();
        onFx(() -> {
            Scene scene = new Scene(new Pane(), 400, 300);
            scene.getStylesheets().add(css);
            stage.setScene(scene);
            stage.show();
            return null;
        });
    }

    @AfterEach
    void closeAndStop() throws Exception {
        onFx(() -> {
            List.copyOf(Window.getWindows()).stream().filter(window -> window instanceof Stage each && each.getOwner() == stage)
                    .forEach(window -> ((Stage) window).close());
            return null;
        });
        background.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    private static List<String> segmentTexts(Stage window, Role role) throws Exception {
        return onFx(() -> window.getScene().lookup("#lane-" + role.wireName()).lookupAll(".lane-segment").stream()
                .map(node -> ((Label) node).getText()).toList());
    }

    @Test
    void lanesShowTheStatesAndTicksOfTheWrittenHistoryAndTheSpanToggles() throws Exception {
        HistoryLog log = HistoryLog.at(temp.resolve("state/hostwarden/history.jsonl"));
        Instant now = Instant.now();
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.GATEWAY, 4242L).at(now.minusSeconds(3 * 3600))));
        assertTrue(log.append(HistoryEvent.of(EventType.STALE, Role.GATEWAY, 4242L).withReason("PID_DEAD").at(now.minusSeconds(2 * 3600))));
        assertTrue(log.append(HistoryEvent.of(EventType.RETRACTED, Role.GATEWAY, 4242L).withBy(7L).at(now.minusSeconds(3600))));
        assertTrue(log.append(HistoryEvent.of(EventType.STARTED, Role.SERVE, 5151L).at(now.minusSeconds(3 * 24 * 3600))));

        Stage window = onFx(() -> TimelineWindow.open(stage, log, temp.resolve("locks"), background));
        // The latest events reach three days back: it opens on 7 days, where the serve owner's start is a tick.
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> segmentTexts(window, Role.SERVE).size() == 2);
        assertTrue(onFx(() -> ((ToggleButton) window.getScene().lookup("#span-7d")).isSelected()), "opens on the span that holds the latest events");
        assertEquals(List.of("not recorded", "live"), segmentTexts(window, Role.SERVE));

        onFx(() -> {
            ((ToggleButton) window.getScene().lookup("#span-24h")).fire();
            return null;
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> segmentTexts(window, Role.SERVE).size() == 1);
        assertEquals(List.of("not recorded", "live", "stale", "no owner"), segmentTexts(window, Role.GATEWAY));
        assertEquals(3, onFx(() -> window.getScene().lookup("#lane-gateway").lookupAll(".lane-tick").size()), "one tick per event");
        Node staleTick = onFx(() -> window.getScene().lookup("#lane-gateway").lookup(".tick-stale"));
        assertNotNull(staleTick);
        assertTrue(((HistoryEvent) staleTick.getUserData()).reason().equals("PID_DEAD"));
        // The serve owner started three days ago: live through the whole last 24 h, with no tick in it.
        assertEquals(List.of("live"), segmentTexts(window, Role.SERVE));
        assertEquals(List.of("not recorded"), segmentTexts(window, Role.DESKTOP_SERVE));
        assertTrue(onFx(() -> window.getScene().getStylesheets().stream().anyMatch(css -> css.endsWith("timeline.css"))));
        assertSame(window, onFx(() -> TimelineWindow.open(stage, log, temp.resolve("locks"), background)), "a second opening brings the same window forward");
        assertTrue(onFx(() -> ((ToggleButton) window.getScene().lookup("#span-24h")).isSelected()), "and keeps the span the user chose");
    }

    /** issue 21: six minutes of 14 events were a 5-pixel bar at the right edge of 24 h, every lane reading "unknown". */
    @Test
    void sixMinutesOfEventsOpenOnTheLastHourWhereTheyFillTheLane() throws Exception {
        HistoryLog log = HistoryLog.at(temp.resolve("state/hostwarden/history.jsonl"));
        Instant now = Instant.now();
        for (int i = 0; i < 14; i++) {
            Role role = i % 2 == 0 ? Role.GATEWAY : Role.SERVE;
            EventType type = i % 4 < 2 ? EventType.STARTED : EventType.STOPPED;
            assertTrue(log.append(HistoryEvent.of(type, role, 4000L + i).at(now.minusSeconds(360 - 25L * i))));
        }
        Stage window = onFx(() -> TimelineWindow.open(stage, log, temp.resolve("locks"), background));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> segmentTexts(window, Role.GATEWAY).size() > 1);
        for (String span : List.of("#span-1h", "#span-6h", "#span-24h", "#span-7d")) {
            assertNotNull(onFx(() -> window.getScene().lookup(span)), span + " is offered");
        }
        assertTrue(onFx(() -> ((ToggleButton) window.getScene().lookup("#span-1h")).isSelected()), "opens on the last hour");
        List<String> gateway = segmentTexts(window, Role.GATEWAY);
        assertEquals("not recorded", gateway.get(0), "before its first line the lane says nothing was recorded");
        assertTrue(gateway.contains("live") && gateway.contains("no owner"), gateway.toString());
        // The recorded six minutes take a tenth of the lane: 6/60 of its width, not 6/1440 (once laid out).
        Callable<Double> share = () -> onFx(() -> {
            Node lane = window.getScene().lookup("#lane-gateway");
            double recorded = lane.lookupAll(".lane-segment").stream().filter(node -> !((Label) node).getText().equals("not recorded"))
                    .mapToDouble(node -> node.getBoundsInParent().getWidth()).sum();
            return recorded / lane.getBoundsInLocal().getWidth();
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> share.call() > 0);
        assertTrue(share.call() > 0.08 && share.call() < 0.12, "six minutes of an hour: " + share.call());
    }

    @Test
    void noHistoryShowsTheEmptyStateText() throws Exception {
        HistoryLog log = HistoryLog.at(temp.resolve("state/hostwarden/history.jsonl"));
        Stage window = onFx(() -> TimelineWindow.open(stage, log, temp.resolve("locks"), background));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> {
            Node empty = window.getScene().lookup("#timeline-empty");
            return empty != null && empty.getScene() != null;
        }));
        assertTrue(onFx(() -> window.getScene().lookup("#lane-gateway") == null), "no blank lanes under the empty-state text");
    }
}
