package dev.hostwarden.panel.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.profiles.ProfileActions;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.TestActions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Profiles view (Monocle headless, glass robot) over 300 real profile homes on disk and a real
 * multiplexing {@code hostwarden run gateway} owner in a child JVM answering identify and
 * rescan-profiles: the table is virtualized, the owner's homes show as served, and the Rescan and
 * Clear expired marker actions go through their confirmation dialogs to real changes.
 */
@EnabledOnOs(OS.LINUX)
@ExtendWith(ApplicationExtension.class)
class ProfilesPaneFxTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);
    private static final int PROFILES = 300;

    @TempDir
    Path temp;
    Path root;
    Path locks;

    private final ExecutorService background = Executors.newCachedThreadPool();
    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = primary;
    }

    @BeforeEach
    void homes() throws Exception {
        root = Files.createDirectories(temp.resolve("hermes"));
        locks = temp.resolve("locks");
        for (int i = 1; i <= PROFILES; i++) {
            Files.createDirectories(root.resolve("profiles").resolve(String.format("p%03d", i)));
        }
    }

    @AfterEach
    void stopBackground() throws InterruptedException {
        background.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    /** A real reference owner serving the root home and every profile home it finds. */
    private ChildProcess gateway() throws Exception {
        ChildProcess child = ChildProcess.java(Main.class, Map.of(), "run", "gateway", "--lock-dir", locks.toString(),
                "--home", root.toString());
        assertEquals("READY role=gateway pid=" + child.pid(), child.readLine(DEADLINE), child.stderr());
        return child;
    }

    /** The view on real directories; the desktop hand-off sees an environment with no desktop session. */
    private ProfilesViewModel show() throws Exception {
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
        Environment noDesktop = new Environment(Map.of("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin")),
                System.getProperty("user.home"));
        ProfilesViewModel model = new ProfilesViewModel(TestActions.of(rendezvous), root, new DesktopHandOff(noDesktop), background, Platform::runLater);
        onFx(() -> {
            stage.setScene(new Scene(new ProfilesPane(model), 1400, 760));
            stage.show();
            model.refresh();
            return null;
        });
        refreshed(model);
        return model;
    }

    /** Waits for one more refresh than now to be applied. */
    private static void refreshed(ProfilesViewModel model) throws Exception {
        int before = onFx(() -> model.refreshCountProperty().get());
        onFx(() -> {
            model.refresh();
            return null;
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> model.refreshCountProperty().get() > before && !model.busyProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    private static ProfileRow row(ProfilesViewModel model, String name) throws Exception {
        return onFx(() -> model.rowsProperty().stream().filter(row -> row.name().equals(name)).findFirst().orElseThrow());
    }

    /** The on-screen cell of column {@code columnIndex} in the row showing profile {@code name}, if that row is a node now. */
    private static Optional<TableCell<?, ?>> cell(FxRobot robot, String name, int columnIndex) throws Exception {
        return onFx(() -> robot.lookup("#profiles-table .table-row-cell").queryAll().stream()
                .map(node -> (TableRow<?>) node)
                .filter(row -> row.isVisible() && row.getItem() instanceof ProfileRow item && item.name().equals(name))
                .findFirst()
                .flatMap(row -> row.lookupAll(".table-cell").stream().map(node -> (TableCell<?, ?>) node)
                        .filter(cell -> cell.getTableColumn() == cell.getTableView().getColumns().get(columnIndex)).findFirst()));
    }

    private static String servedCell(FxRobot robot, String name) throws Exception {
        return cell(robot, name, 1).map(cell -> cell.getText()).orElse("(not on screen)");
    }

    private static void select(FxRobot robot, String name) throws Exception {
        robot.clickOn(cell(robot, name, 0).orElseThrow(() -> new AssertionError(name + " is not on screen")));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String message(FxRobot robot) throws Exception {
        TextArea area = robot.lookup("#profiles-message").queryAs(TextArea.class);
        return onFx(area::getText);
    }

    private static String preview(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> robot.lookup("#profiles-preview").tryQuery().isPresent());
        // The dialog is placed over its owner after it shows: click only once it stands still.
        WaitForAsyncUtils.waitForFxEvents();
        TextArea preview = robot.lookup("#profiles-preview").queryAs(TextArea.class);
        return onFx(preview::getText);
    }

    @Test
    void threeHundredHomesAreVirtualizedAndTheLiveOwnerServesThem(FxRobot robot) throws Exception {
        try (ChildProcess owner = gateway()) {
            ProfilesViewModel model = show();
            assertEquals(PROFILES + 1, (int) onFx(() -> model.rowsProperty().size()), "the root home and every profile home");

            ProfilesPane pane = (ProfilesPane) stage.getScene().getRoot();
            int rowNodes = onFx(() -> pane.table().lookupAll(".table-row-cell").size());
            int cellNodes = onFx(() -> pane.table().lookupAll(".table-cell").size());
            int fit = onFx(() -> (int) Math.ceil(pane.table().getHeight() / ProfilesPane.ROW_HEIGHT));
            assertTrue(rowNodes <= fit + 3, "only the rows on screen are nodes: " + rowNodes + " row nodes for " + fit
                    + " rows of room and " + (PROFILES + 1) + " homes");
            assertTrue(cellNodes <= (fit + 3) * pane.table().getColumns().size(), cellNodes + " cell nodes");

            String ownerLine = onFx(() -> robot.lookup("#profiles-owner").queryAs(Label.class).getText());
            assertTrue(ownerLine.startsWith("gateway owner: PID " + owner.pid() + ", answered identify, serving default, p001"), ownerLine);
            assertTrue(ownerLine.endsWith("(" + (PROFILES + 1) + " in all)"), ownerLine);
            assertEquals(ProfileRow.YES, servedCell(robot, "default"));
            assertEquals(ProfileRow.YES, servedCell(robot, "p001"));
            assertTrue(onFx(() -> model.rowsProperty().stream().allMatch(row -> ProfileRow.YES.equals(row.served()))),
                    "the owner's identify answer names every home");

            // Scrolled to the end, the last home is a node and the row count stays the same.
            onFx(() -> {
                pane.table().scrollTo(PROFILES);
                return null;
            });
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> ProfileRow.YES.equals(servedCell(robot, "p300")));
            assertTrue(onFx(() -> pane.table().lookupAll(".table-row-cell").size()) <= fit + 3, "scrolling reuses the row nodes");

            select(robot, "p300");
            String details = onFx(() -> robot.lookup("#profiles-details").queryAs(TextArea.class).getText());
            assertTrue(details.startsWith("p300   served   " + root.resolve("profiles").resolve("p300")), details);
            assertTrue(details.contains("served: the gateway owner PID " + owner.pid() + " answered identify"), details);
            robot.clickOn("#profiles-open-folder");
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> message(robot).startsWith("Open folder: no desktop session"));
            assertTrue(message(robot).endsWith("the path is " + root.resolve("profiles").resolve("p300")), message(robot));
        }
    }

    @Test
    void rescanShowsTheServedSetBeforeAndAfterAndTheNewHomeBecomesServed(FxRobot robot) throws Exception {
        try (ChildProcess owner = gateway()) {
            ProfilesViewModel model = show();
            Files.createDirectories(root.resolve("profiles").resolve("fresh"));
            refreshed(model);
            assertEquals(ProfileRow.NO, row(model, "fresh").served(), "not served before the owner rescans");
            assertEquals(ProfileRow.NO, servedCell(robot, "fresh"));

            robot.clickOn("#profiles-rescan");
            String expected = model.rescanPreview();
            assertEquals(expected, preview(robot), "the dialog says what the command line says first");
            assertTrue(expected.startsWith("Rescan profiles: asks the gateway owner PID " + owner.pid() + " (control socket "), expected);
            robot.clickOn("#profiles-cancel");
            WaitForAsyncUtils.waitForFxEvents();
            assertEquals(ProfileRow.NO, row(model, "fresh").served(), "cancelling sends nothing");

            robot.clickOn("#profiles-rescan");
            preview(robot);
            robot.clickOn("#profiles-confirm");
            try {
                WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> message(robot).contains("\nafter:  "));
            } catch (TimeoutException late) {
                throw new AssertionError("message: " + message(robot) + "; dialogs: " + robot.lookup("#profiles-dialog").queryAll().size());
            }
            String said = message(robot);
            assertTrue(said.startsWith("Rescan profiles done: added fresh (served " + (PROFILES + 1) + " → " + (PROFILES + 2) + ")\n"
                    + expected + "\nbefore: default, p001, p002"), said);
            assertTrue(said.contains("\nafter:  default, fresh, p001"), said);
            try {
                WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> ProfileRow.YES.equals(servedCell(robot, "fresh")));
            } catch (TimeoutException late) {
                throw new AssertionError("fresh: model " + row(model, "fresh").served() + " / " + row(model, "fresh").state().servedWhy()
                        + ", cell " + servedCell(robot, "fresh") + ", refreshes " + onFx(() -> model.refreshCountProperty().get()));
            }
        }
    }

    @Test
    void clearExpiredMarkerRemovesOnlyAMarkerPastItsTtlAfterThePreview(FxRobot robot) throws Exception {
        Path expiredHome = root.resolve("profiles").resolve("p002");
        Path expired = marker(expiredHome, deadPid(), 600);
        Path liveHome = root.resolve("profiles").resolve("p003");
        Path live = marker(liveHome, ProcessHandle.current().pid(), 0);
        ProfilesViewModel model = show();
        assertTrue(onFx(() -> robot.lookup("#profiles-rescan").queryAs(Button.class).isDisabled()), "no live owner: nothing to rescan");
        assertEquals(ProfileRow.NO, servedCell(robot, "p002"), "no live owner: nothing is served");

        select(robot, "p003");
        Button clear = robot.lookup("#profiles-clear-marker").queryAs(Button.class);
        assertTrue(onFx(clear::isDisabled), "a live marker may be a stop in progress: kept");
        String keeps = onFx(() -> clear.getTooltip().getText());
        assertTrue(keeps.startsWith("Clear expired marker: keeps " + live), keeps);

        select(robot, "p002");
        assertTrue(row(model, "p002").marker().endsWith("expired (clearable)"), row(model, "p002").marker());
        assertFalse(onFx(clear::isDisabled));
        robot.clickOn("#profiles-clear-marker");
        String expected = ProfilesViewModel.clearMarkerPreview(row(model, "p002"));
        assertEquals(expected, preview(robot));
        assertTrue(expected.startsWith(ProfileActions.CLEAR_MARKER + ": removes " + expired + ", which names PID "), expected);
        assertTrue(Files.exists(expired), "nothing is removed before confirming");

        robot.clickOn("#profiles-confirm");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> message(robot).startsWith("removed: "));
        assertTrue(message(robot).startsWith("removed: " + ProfileActions.CLEAR_MARKER + ": removes " + expired), message(robot));
        assertFalse(Files.exists(expired));
        assertTrue(Files.exists(live), "the live marker stays");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> "—".equals(cell(robot, "p002", 3).map(cell -> cell.getText()).orElse("")));
        assertTrue(onFx(clear::isDisabled), "p002 stays selected across the refresh, now without a marker");
    }

    /** A planned-stop marker naming {@code target}, written {@code secondsAgo} ago. */
    private static Path marker(Path home, long target, long secondsAgo) throws Exception {
        String writtenAt = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(secondsAgo).toString();
        return Files.writeString(home.resolve(".gateway-planned-stop.json"), "{\"target_pid\": " + target
                + ", \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \"" + writtenAt + "\"}");
    }

    private static long deadPid() throws Exception {
        Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }
}
