package dev.hostwarden.panel.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.notify.NotificationPolicy;
import dev.hostwarden.panel.notify.RoleActions;
import dev.hostwarden.panel.notify.TrayMessageNotifier;
import dev.hostwarden.panel.tray.NoTray;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's side of notifications, on a real PanelView: a problem raises the banner, the role's
 * recovery turns it into "Resolved — …", Dismiss takes it away, and the header's Events button opens
 * the history with what became of each event.
 */
@ExtendWith(ApplicationExtension.class)
class NotificationsViewFxTest {
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-01T09:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path temp;

    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = primary;
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    @Test
    void aProblemRaisesTheBannerWhichResolvesAndDismissesAndTheHistoryOpensFromTheHeader(FxRobot robot) throws Exception {
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(temp.resolve("locks")), ProcessInspector.system());
        PanelModel model = new PanelModel(PanelContext.of(rendezvous, temp.resolve("hermes"), null, pid -> Optional.empty(),
                Runnable::run, Runnable::run));
        NotificationPolicy policy = onFx(() -> {
            NotificationPolicy created = new NotificationPolicy(new TrayMessageNotifier(() -> new NoTray("test"), "no tray in this test"),
                    RoleActions.of(model, () -> { }), CLOCK, Runnable::run);
            PanelView view = new PanelView(model, CLOCK);
            new NotificationsView(created, CLOCK).attachTo(view);
            stage.setScene(new Scene(view, 1280, 800));
            stage.show();
            return created;
        });
        Node banner = robot.lookup("#notification-banner").query();
        Label text = robot.lookup("#notification-banner-text").queryAs(Label.class);
        Button history = robot.lookup("#notification-history").queryAs(Button.class);
        assertFalse(onFx(banner::isVisible), "no banner before anything happened");
        assertEquals("Events (0)", onFx(history::getText));

        onFx(() -> {
            policy.accept(new OwnershipEvent(Role.GATEWAY, OwnershipEvent.Kind.DIED, "gateway: owner PID 42 is gone (NO_OWNER)"));
            return null;
        });
        assertTrue(onFx(banner::isVisible));
        assertEquals("09:00:00  gateway: owner PID 42 is gone (NO_OWNER)", onFx(text::getText));
        assertEquals("Events (1)", onFx(history::getText));

        onFx(() -> {
            policy.verdictChanged(Role.GATEWAY, Verdict.NO_OWNER, Verdict.LIVE);
            return null;
        });
        assertEquals("Resolved — gateway: owner PID 42 is gone (NO_OWNER) (09:00:00)", onFx(text::getText));

        robot.clickOn("#notification-dismiss");
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(onFx(banner::isVisible), "Dismiss takes the banner away");

        robot.clickOn("#notification-history");
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        ListView<Object> list = robot.lookup("#notification-history-list").queryAs(ListView.class);
        assertEquals(1, onFx(() -> list.getItems().size()));
        assertTrue(robot.lookup((Node node) -> node instanceof ListCell<?> cell && cell.getText() != null
                && cell.getText().equals("09:00:00  gateway: owner PID 42 is gone (NO_OWNER) — notified")).tryQuery().isPresent(),
                "the history line says when, what, and that the desktop was told");
    }
}
