package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.Describe;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.view.PanelView;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.OwnerControl;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import javafx.application.Platform;
import javafx.event.Event;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TitledPane;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Wiring of the real window (Monocle headless, glass robot) against real rendezvous directories and
 * real `hostwarden run` owners in child JVMs: what the cards show and what Retract and Restart do.
 */
@ExtendWith(ApplicationExtension.class)
class PanelWiringFxTest {
    @TempDir
    Path temp;

    private final ExecutorService background = Executors.newCachedThreadPool();
    private Stage stage;
    /** The clock the view shows relative times against. */
    private Clock viewClock = Clock.systemDefaultZone();

    /** A clock a test moves forward. */
    private static final class MovableClock extends Clock {
        private volatile Instant now = Instant.now();

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public ZoneId getZone() {
            return ZoneId.systemDefault();
        }

        @Override
        public Clock withZone(ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    @Start
    void start(Stage primary) {
        stage = primary;
    }

    @AfterEach
    void stopBackground() throws InterruptedException {
        background.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private PanelModel show(Path locks) throws Exception {
        return show(locks, null);
    }

    private PanelModel show(Path locks, OwnerControl control) throws Exception {
        return show(locks, control, 1500, 1300);
    }

    private PanelModel show(Path locks, OwnerControl control, double width, double height) throws Exception {
        PanelModel model = new PanelModel(Fixtures.context(locks, temp.resolve("hermes"), control, background, Platform::runLater));
        onFx(() -> {
            Scene scene = new Scene(new PanelView(model, viewClock), width, height);
            scene.getStylesheets().add(PanelApp.class.getResource("panel.css").toExternalForm());
            stage.setScene(scene);
            stage.show();
            model.refresh();
            return null;
        });
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> model.refreshCountProperty().get() >= 1));
        WaitForAsyncUtils.waitForFxEvents();
        return model;
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    private static String text(FxRobot robot, String id) throws Exception {
        Label label = robot.lookup(id).queryAs(Label.class);
        return onFx(label::getText);
    }

    private static boolean showsLabelContaining(FxRobot robot, String cardId, String part) throws Exception {
        Node card = robot.lookup(cardId).query();
        return onFx(() -> robot.from(card).lookup((Node node) -> node instanceof Label label && label.isVisible()
                && label.getText() != null && Describe.plainPath(label.getText()).contains(part)).tryQuery().isPresent());
    }

    /** Folds out a card's section, as a click on its title does. */
    private static void expand(FxRobot robot, String paneId) throws Exception {
        TitledPane pane = robot.lookup(paneId).queryAs(TitledPane.class);
        onFx(() -> {
            pane.setExpanded(true);
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static boolean shown(FxRobot robot, String id) throws Exception {
        Node node = robot.lookup(id).query();
        return onFx(() -> node.isVisible() && node.getParent().isVisible());
    }

    @Test
    void aDeadPidRecordShowsPidDeadAndRetractRemovesIt(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        long dead = Fixtures.writeDeadRecord(locks, Role.SERVE);
        show(locks);

        assertEquals("STALE", text(robot, "#badge-serve"));
        assertTrue(shown(robot, "#retract-serve") && !shown(robot, "#start-serve") && !shown(robot, "#restart-serve"),
                "a stale record leads with one action: Retract");
        expand(robot, "#proof-serve");
        assertTrue(showsLabelContaining(robot, "#card-serve", "[PID_DEAD]"), "the card names the reason");
        assertTrue(showsLabelContaining(robot, "#card-serve", "Owner process PID " + dead + " has exited"));
        assertEquals("NO_OWNER", text(robot, "#badge-desktop-serve"));

        robot.clickOn("#retract-serve");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#retract-confirm-serve").tryQuery().isPresent());
        assertTrue(showsLabelContaining(robot, "#card-serve", locks.resolve("host-serve.json").toString()),
                "the preview names the exact file");
        assertTrue(Files.exists(locks.resolve("host-serve.json")), "nothing is removed before confirming");

        robot.clickOn("#retract-confirm-serve");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> "NO_OWNER".equals(text(robot, "#badge-serve")));
        assertFalse(Files.exists(locks.resolve("host-serve.json")));
        assertTrue(text(robot, "#action-message-serve").startsWith("Removed host-serve.json from "), text(robot, "#action-message-serve"));
        assertTrue(onFx(() -> robot.lookup("#retract-serve").queryAs(Button.class).isDisabled()));
    }

    @Test
    void theProfilesSectionListsEveryHomeWithItsMarker(FxRobot robot) throws Exception {
        Path hermes = temp.resolve("hermes");
        Files.createDirectories(hermes.resolve("profiles").resolve("work"));
        Fixtures.write(hermes.resolve("profiles").resolve("work").resolve(".gateway-planned-stop.json"),
                "{\"target_pid\": 424242, \"target_start_time\": null, \"stopper_pid\": 77, \"written_at\": \"2020-01-01T00:00:00+00:00\"}");
        show(temp.resolve("locks"));
        // The Profiles view (panel/profiles, tested in full by ProfilesPaneFxTest) follows the panel's refresh.
        Node profiles = robot.lookup("#profiles").query();
        Predicate<String> shown = text -> {
            try {
                return onFx(() -> robot.from(profiles).lookup(".table-cell").queryAll().stream()
                        .anyMatch(cell -> text.equals(((Labeled) cell).getText())));
            } catch (Exception notYet) {
                return false;
            }
        };
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> shown.test(hermes.resolve("profiles").resolve("work").toString()));
        assertTrue(onFx(() -> robot.from(profiles).lookup(".table-cell").queryAll().stream()
                .map(cell -> String.valueOf(((Labeled) cell).getText()))
                .anyMatch(text -> text.startsWith("PID 424242, age ") && text.endsWith(", expired (clearable)"))), "the marker, expired");
    }

    /** A real reference owner: {@code hostwarden run gateway} as a child JVM, READY once its record is published. */
    private ChildProcess runGateway(Path locks, Path home) throws Exception {
        ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(),
                "HERMES_HOME", home.toString()), "run", "gateway", "--profiles", "default");
        owner.awaitLine(line -> line.startsWith("READY"), Duration.ofSeconds(60));
        return owner;
    }

    @Test
    void retractIsDisabledWhileALiveOwnerHoldsTheLock(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        try (ChildProcess owner = runGateway(locks, Files.createDirectories(temp.resolve("hermes")))) {
            show(locks);
            assertEquals("LIVE", text(robot, "#badge-gateway"));
            Button retract = robot.lookup("#retract-gateway").queryAs(Button.class);
            assertTrue(onFx(retract::isDisabled));
            assertFalse(shown(robot, "#retract-gateway"), "a live owner's card leads with Stop and Restart, not Retract");
            String reason = onFx(() -> { // tooltips are made when the pointer first enters
                Event.fireEvent(retract, new MouseEvent(MouseEvent.MOUSE_ENTERED,
                        0, 0, 0, 0, MouseButton.NONE, 0, false, false, false, false, false, false, false, false, false, false, null));
                return retract.getTooltip().getText();
            });
            assertTrue(reason.contains("held by PID " + owner.pid()), reason);
            assertTrue(robot.lookup("#retract-confirm-gateway").tryQuery().isEmpty(), "no preview");
            assertTrue(Files.exists(locks.resolve("host-gateway.json")));
            assertTrue(Files.exists(locks.resolve("host-gateway.token")));
        }
    }

    @Test
    void restartOnALiveReferenceOwnerShowsANewLivePid(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        Path home = Files.createDirectories(temp.resolve("hermes"));
        Long relaunched = null;
        try (ChildProcess owner = runGateway(locks, home)) {
            // The real runtime; no settings file and no hermes on PATH, so it relaunches this program's own run.
            OwnerControl control = new RendezvousOwnerControl(Fixtures.rendezvous(locks))
                    .withEnvironment(Environment.system().with("XDG_STATE_HOME", temp.resolve("state").toString())
                            .with("PATH", temp.resolve("empty-path").toString()))
                    .withSettings(LaunchSettings.none());
            show(locks, control);
            assertEquals("LIVE", text(robot, "#badge-gateway"));
            assertTrue(showsLabelContaining(robot, "#card-gateway", "Owner PID " + owner.pid()));

            robot.clickOn("#restart-gateway");
            WaitForAsyncUtils.waitFor(90, TimeUnit.SECONDS, () -> {
                HostRecord now = Fixtures.rendezvous(locks).readRecord(Role.GATEWAY, false);
                return now != null && now.pid() != owner.pid() && "LIVE".equals(text(robot, "#badge-gateway"))
                        && showsLabelContaining(robot, "#card-gateway", "Owner PID " + now.pid());
            });
            relaunched = Fixtures.rendezvous(locks).readRecord(Role.GATEWAY, false).pid();
            assertEquals(0, owner.waitFor(Duration.ofSeconds(30)), "the old owner stopped as planned; stderr:\n" + owner.stderr());
            assertTrue(ProcessHandle.of(relaunched).map(ProcessHandle::isAlive).orElse(false), "the new owner runs");
            String steps = text(robot, "#action-message-gateway");
            assertTrue(steps.contains(String.valueOf(relaunched)), steps);
        } finally {
            if (relaunched != null) {
                ProcessHandle.of(relaunched).ifPresent(ProcessHandle::destroyForcibly);
            }
        }
    }

    @Test
    void anEmptyRoleIsCalmAndOffersStartNotRestart(FxRobot robot) throws Exception {
        show(temp.resolve("locks"), new RendezvousOwnerControl(Fixtures.rendezvous(temp.resolve("locks"))));
        assertEquals("NO_OWNER", text(robot, "#badge-desktop-serve"));
        assertTrue(shown(robot, "#start-desktop-serve"), "Start is the action of an empty role");
        assertEquals("Start", onFx(() -> robot.lookup("#start-desktop-serve").queryAs(Button.class).getText()));
        assertFalse(shown(robot, "#restart-desktop-serve") || shown(robot, "#stop-desktop-serve") || shown(robot, "#retract-desktop-serve"));
        expand(robot, "#proof-desktop-serve");
        Node card = robot.lookup("#card-desktop-serve").query();
        assertTrue(onFx(() -> robot.from(card).lookup(".chip").queryAll().stream()
                .noneMatch(chip -> ((Label) chip).getText().equals("FAIL") || chip.getStyleClass().contains("chip-fail"))),
                "no red FAIL chips for an absent lock and record");
        assertTrue(showsLabelContaining(robot, "#card-desktop-serve", "No owner published"));
    }

    @Test
    void atLaptopSizeEveryCardsVerdictAndActionAreInViewAndNarrowWindowsStackTheCards(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        Fixtures.writeDeadRecord(locks, Role.SERVE);
        try (ChildProcess owner = runGateway(locks, Files.createDirectories(temp.resolve("hermes")))) {
            show(locks, new RendezvousOwnerControl(Fixtures.rendezvous(locks)), 1280, 740);
            assertEquals("LIVE", text(robot, "#badge-gateway"));
            for (String id : new String[] {"#stop-gateway", "#restart-gateway", "#retract-serve", "#start-desktop-serve",
                    "#badge-gateway", "#badge-serve", "#badge-desktop-serve", "#age-gateway", "#age-serve"}) {
                Node node = robot.lookup(id).query();
                double bottom = onFx(() -> node.localToScene(node.getBoundsInLocal()).getMaxY());
                double right = onFx(() -> node.localToScene(node.getBoundsInLocal()).getMaxX());
                assertTrue(shown(robot, id) && bottom < 740 && right < 1280, id + " is in view without scrolling: bottom " + bottom + ", right " + right);
            }
            assertTrue(text(robot, "#age-gateway").startsWith("PID " + owner.pid() + " · running for "), text(robot, "#age-gateway"));
            Node gateway = robot.lookup("#card-gateway").query();
            Node serve = robot.lookup("#card-serve").query();
            assertEquals(onFx(() -> gateway.localToScene(0, 0).getY()), onFx(() -> serve.localToScene(0, 0).getY()), "side by side");

            onFx(() -> {
                stage.getScene().getWindow().setWidth(1000);
                return null;
            });
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> serve.localToScene(0, 0).getY() > gateway.localToScene(0, 0).getY()
                    && Math.abs(serve.localToScene(0, 0).getX() - gateway.localToScene(0, 0).getX()) < 1));
        }
    }

    @Test
    void stoppingALiveOwnerAsksFirst(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        try (ChildProcess owner = runGateway(locks, Files.createDirectories(temp.resolve("hermes")))) {
            show(locks, new RendezvousOwnerControl(Fixtures.rendezvous(locks)));
            robot.clickOn("#stop-gateway");
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#stop-keep-gateway").tryQuery().isPresent());
            robot.clickOn("#stop-keep-gateway");
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(owner.process().isAlive(), "declining stops nothing");
            assertEquals("LIVE", text(robot, "#badge-gateway"));

            robot.clickOn("#stop-gateway");
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#stop-confirm-gateway").tryQuery().isPresent());
            robot.clickOn("#stop-confirm-gateway");
            assertEquals(0, owner.waitFor(Duration.ofSeconds(60)), "a planned stop; stderr:\n" + owner.stderr());
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> "NO_OWNER".equals(text(robot, "#badge-gateway")) && shown(robot, "#start-gateway"));
        }
    }

    @Test
    void theOwnersAgeTicksWithoutARefresh(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        MovableClock clock = new MovableClock();
        viewClock = clock;
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            PanelModel model = show(locks);
            int refreshes = onFx(() -> model.refreshCountProperty().get());
            assertTrue(text(robot, "#age-gateway").contains("running for"), text(robot, "#age-gateway"));
            tickAfter(clock, Duration.ofSeconds(125));
            assertTrue(text(robot, "#age-gateway").contains("running for 2 min"), text(robot, "#age-gateway"));
            assertEquals(refreshes, onFx(() -> model.refreshCountProperty().get()), "a tick re-inspects nothing");
        }
    }

    /** Folded, the record's "Updated … ago" does not tick (each change lays out the card); opened, it catches up. */
    @Test
    void theRecordsUpdatedAgeTicksOnlyWhileItsFoldIsOpen(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            // The view's clock from after the owner wrote its record: one from before would find the
            // record ahead of it ("ahead of this clock"), which is its own test.
            MovableClock clock = new MovableClock();
            viewClock = clock;
            show(locks);
            TitledPane fold = robot.lookup("#record-gateway").queryAs(TitledPane.class);
            // A fold's content joins the scene when it first opens: open it once, then fold it again.
            onFx(() -> {
                fold.setExpanded(true);
                fold.setExpanded(false);
                return null;
            });
            String before = onFx(() -> updatedAge(fold));
            assertTrue(before.contains(" ago)"), before);
            tickAfter(clock, Duration.ofSeconds(125));
            assertEquals(before, onFx(() -> updatedAge(fold)), "a folded record's age stays as it was");
            onFx(() -> {
                fold.setExpanded(true);
                return null;
            });
            String opened = onFx(() -> updatedAge(fold));
            assertTrue(opened.contains("2 min"), "opening the fold brings the age up to now: " + opened);
        }
    }

    /** A platform's age moves on with the 10 s tick, though a re-check that finds nothing changed rebuilds nothing. */
    @Test
    void aPlatformsAgeMovesOnWithTheTick(FxRobot robot) throws Exception {
        Path locks = temp.resolve("locks");
        try (ChildProcess owner = Fixtures.liveOwner(locks, Role.GATEWAY)) {
            MovableClock clock = new MovableClock();
            viewClock = clock;
            long ticks = ProcessInspector.system().startTicks(owner.pid());
            Fixtures.write(temp.resolve("hermes/gateway_state.json"), "{\"pid\": " + owner.pid() + ", \"start_time\": " + ticks
                    + ", \"gateway_state\": \"running\", \"platforms\": {\"telegram\": {\"state\": \"connected\", \"needs_attention\": false,"
                    + " \"updated_at\": \"" + clock.instant() + "\"}}}");
            show(locks);
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#platform-default-telegram").tryQuery().isPresent());
            assertEquals("✓ telegram: connected · less than a minute", text(robot, "#platform-default-telegram"));
            tickAfter(clock, Duration.ofSeconds(125));
            assertEquals("✓ telegram: connected · 2 min", text(robot, "#platform-default-telegram"));
        }
    }

    /** Moves the view's clock on and runs the 10 s tick the app would run. */
    private void tickAfter(MovableClock clock, Duration elapsed) throws Exception {
        clock.advance(elapsed);
        onFx(() -> {
            ((PanelView) stage.getScene().getRoot()).tick();
            return null;
        });
    }

    /** The "Updated" value in a record fold: the one label whose text ends in "ago)". */
    private static String updatedAge(TitledPane fold) {
        return fold.getContent().lookupAll(".label").stream().filter(Label.class::isInstance).map(node -> ((Label) node).getText())
                .filter(text -> text.endsWith(" ago)")).findFirst().orElse("(no Updated row)");
    }
}
