package dev.hostwarden.panel.doctor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.panel.PanelApp;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The Doctor view in a real window (Monocle headless) over a real hermes tree: an expired
 * planned-stop marker and one bot token configured in two profiles. The verdicts read as words and
 * glyphs, the token appears in no node, and the marker goes only after the confirmation.
 */
class DoctorViewFxTest extends DoctorFxTestBase {
    private static final String BOT_TOKEN = "123456789:AAE-doctor-view-secret-bot-token";

    @TempDir
    Path temp;

    private static long deadPid() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        return gone.pid();
    }

    private DoctorViewModel show(Path hermes, Path locks) throws Exception {
        PanelContext context = context(hermes, locks);
        DoctorViewModel model = new DoctorViewModel(context);
        onFx(() -> {
            Scene scene = new Scene(new DoctorView(model), 900, 1000);
            scene.getStylesheets().add(PanelApp.class.getResource("panel.css").toExternalForm());
            stage.setScene(scene);
            stage.show();
            model.run();
            return null;
        });
        awaitChecked(model);
        return model;
    }

    private static void awaitChecked(DoctorViewModel model) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> model.checkedProperty().get() && !model.runningProperty().get()));
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String text(FxRobot robot, String id) throws Exception {
        Label label = robot.lookup(id).queryAs(Label.class);
        return onFx(label::getText);
    }

    @Test
    void showsVerdictsInWordsHidesTheTokenAndClearsTheExpiredMarkerAfterConfirming(FxRobot robot) throws Exception {
        Path hermes = temp.resolve("hermes");
        Files.createDirectories(hermes.resolve("profiles/work"));
        Files.writeString(hermes.resolve(".env"), "TELEGRAM_BOT_TOKEN=" + BOT_TOKEN + "\n");
        Files.writeString(hermes.resolve("profiles/work/.env"), "export TELEGRAM_BOT_TOKEN=\"" + BOT_TOKEN + "\"\n");
        Path marker = hermes.resolve(".gateway-planned-stop.json");
        String writtenAt = DateTimeFormatter.ISO_OFFSET_DATE_TIME.format(Instant.now().minusSeconds(300).atOffset(ZoneOffset.UTC));
        Files.writeString(marker, "{\"target_pid\": " + deadPid() + ", \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \""
                + writtenAt + "\"}");
        Path locks = Files.createDirectories(temp.resolve("locks"));

        DoctorViewModel model = show(hermes, locks);
        assertEquals("duplicateBotTokens", onFx(() -> model.rowsProperty().get(0).finding().name()), "a problem comes first");

        assertEquals("\u2716 PROBLEM", text(robot, "#doctor-verdict-duplicateBotTokens"), "a problem says so in a glyph and a word");
        String duplicate = text(robot, "#doctor-evidence-duplicateBotTokens");
        assertTrue(duplicate.contains("default (TELEGRAM_BOT_TOKEN)") && duplicate.contains("work (TELEGRAM_BOT_TOKEN)"), duplicate);
        assertEquals("\u26A0 WARN", text(robot, "#doctor-verdict-expiredMarkers"));
        List<String> shown = onFx(() -> robot.lookup((Node node) -> node instanceof Labeled).queryAllAs(Labeled.class).stream()
                .map(Labeled::getText).filter(text -> text != null).toList());
        assertFalse(shown.isEmpty());
        for (String text : shown) {
            assertFalse(text.contains(BOT_TOKEN) || text.contains("doctor-view-secret"), "no node shows the token: " + text);
        }

        robot.clickOn("#doctor-fix-clear-marker-default");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(onFx(() -> robot.lookup("#doctor-confirmation").query().isVisible()), "a fix asks first");
        assertTrue(text(robot, "#doctor-confirm-text").contains(marker.toString()), "the confirmation names the file");
        assertTrue(Files.exists(marker), "nothing is removed before confirming");

        robot.clickOn("#doctor-confirm");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> !Files.exists(marker)
                && model(robot).isEmpty()));
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> "\u2714 OK".equals(text(robot, "#doctor-verdict-expiredMarkers")));
        assertTrue(text(robot, "#doctor-message").startsWith("removed: Clear expired marker: removes " + marker + ", which "),
                text(robot, "#doctor-message"));
        assertTrue(robot.lookup("#doctor-fix-clear-marker-default").tryQuery().isEmpty(), "no fix is offered once nothing needs it");
    }

    /** The fix buttons still shown for the marker (empty once the checks ran again). */
    private static Optional<Node> model(FxRobot robot) {
        return robot.lookup("#doctor-fix-clear-marker-default").tryQuery();
    }

    @Test
    void retractsAKilledOwnersRecordAfterConfirming(FxRobot robot) throws Exception {
        Path hermes = Files.createDirectories(temp.resolve("hermes"));
        Path locks = temp.resolve("locks");
        Path record = locks.resolve("host-gateway.json");
        try (ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(),
                "HERMES_HOME", hermes.toString(), "XDG_STATE_HOME", temp.resolve("state").toString()), "run", "gateway", "--profiles", "default")) {
            owner.awaitLine(line -> line.startsWith("READY"), Duration.ofSeconds(60));
            owner.kill();
        }
        assertTrue(Files.exists(record), "kill -9 leaves the record behind");

        DoctorViewModel model = show(hermes, locks);
        assertEquals("\u26A0 WARN", text(robot, "#doctor-verdict-hostRecords"));
        robot.clickOn("#doctor-fix-retract-gateway");
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(text(robot, "#doctor-confirm-text").contains(record.toString()), "the confirmation names the record");
        assertTrue(Files.exists(record), "nothing is removed before confirming");

        robot.clickOn("#doctor-confirm");
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> "\u2714 OK".equals(text(robot, "#doctor-verdict-hostRecords")));
        assertFalse(Files.exists(record));
        assertTrue(text(robot, "#doctor-message").startsWith("Removed " + record.getFileName() + " and host-gateway.token from " + record.getParent()),
                "the same words as the card's Retract: " + text(robot, "#doctor-message"));
        assertTrue(onFx(() -> model.pendingProperty().get() == null));
    }
}
