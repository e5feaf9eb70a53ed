package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import atlantafx.base.theme.PrimerLight;
import dev.hostwarden.Main;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.Describe;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.view.PanelView;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TitledPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * issue 21, point 1: a gateway serving 300 profiles (301 homes with the root) put all 301 names in its
 * card's headline, about 600 px, and its Stop and Restart and the whole Profiles section fell below the
 * fold. Here a real {@code hostwarden run gateway} serves 301 profiles, a dead serve owner left its
 * record, nobody runs desktop-serve, and the window has the panel's default size on a 1280x800 screen
 * (1100x760, under Monocle): every card's main action and the Profiles header are in view without
 * scrolling, the headline names five profiles and the count, and the Profiles table has all 301 homes.
 */
@ExtendWith(ApplicationExtension.class)
class ManyProfilesLayoutFxTest {
    private static final int PROFILES = 300;

    @TempDir
    Path temp;

    private final ExecutorService background = Executors.newCachedThreadPool();
    private Stage stage;

    @Start
    void start(Stage primary) {
        stage = primary;
        // The panel's own theme and metrics (the app sets it before its first control).
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheetBSS());
    }

    @AfterEach
    void stopBackground() throws Exception {
        onFx(() -> {
            stage.close();
            return null;
        });
        background.shutdownNow();
        background.awaitTermination(10, TimeUnit.SECONDS);
    }

    private static <T> T onFx(Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    private Bounds inScene(String id) throws Exception {
        return onFx(() -> {
            Node node = stage.getScene().lookup(id);
            return node.localToScene(node.getBoundsInLocal());
        });
    }

    @Test
    void atTheDefaultWindowEveryCardsActionAndTheProfilesHeaderAreInView() throws Exception {
        Path locks = temp.resolve("locks");
        Path hermes = Files.createDirectories(temp.resolve("hermes"));
        List<String> served = new ArrayList<>(List.of("default"));
        for (int i = 1; i <= PROFILES; i++) {
            String name = String.format("p%03d", i);
            Files.createDirectories(hermes.resolve("profiles").resolve(name));
            served.add(name);
        }
        Fixtures.writeDeadRecord(locks, Role.SERVE);
        try (ChildProcess gateway = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(),
                "HERMES_HOME", hermes.toString()), "run", "gateway", "--profiles", String.join(",", served))) {
            gateway.awaitLine(line -> line.startsWith("READY"), Duration.ofSeconds(60));
            PanelModel model = new PanelModel(Fixtures.context(locks, hermes, null, background, Platform::runLater));
            onFx(() -> {
                PanelView view = new PanelView(model, Clock.systemDefaultZone());
                // The header's controls as the app adds them: their row's height is part of the fold.
                for (String label : List.of("Theme", "Doctor", "Timeline", "Save diagnostics…", "Events (0)")) {
                    view.addHeaderControl(new Button(label));
                }
                // The default window less a window manager's title bar (openbox: 25 px) is what the scene gets.
                Scene scene = new Scene(view, WindowPlacement.DEFAULT_WIDTH, WindowPlacement.DEFAULT_HEIGHT - 25);
                scene.getStylesheets().add(PanelApp.class.getResource("panel.css").toExternalForm());
                // A window of its own: the primary stage is shared with the other tests, and a size one of them
                // set would stay with it (and this one's would stay for them).
                stage = new Stage();
                stage.setScene(scene);
                stage.show();
                model.refresh();
                return null;
            });
            WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> stage.getScene().lookup("#profiles-table") instanceof TableView<?> table
                    && table.getItems().size() == PROFILES + 1
                    && ((Label) stage.getScene().lookup("#badge-gateway")).getText().equals("LIVE")
                    && ((Label) stage.getScene().lookup("#badge-serve")).getText().equals("STALE")));
            WaitForAsyncUtils.waitForFxEvents();

            assertEquals(WindowPlacement.DEFAULT_WIDTH, onFx(() -> stage.getScene().getWidth()), "the default window's width");
            String headline = onFx(() -> ((Label) stage.getScene().lookup("#headline-gateway")).getText());
            assertEquals("Owner PID " + gateway.pid() + " serving: default, p001, p002, p003, p004, … (301 in all)", headline);
            ScrollPane scroll = onFx(() -> (ScrollPane) stage.getScene().getRoot().lookup(".scroll-pane"));
            Bounds viewport = onFx(() -> scroll.localToScene(scroll.getLayoutBounds()));
            for (String action : List.of("#stop-gateway", "#restart-gateway", "#retract-serve", "#start-desktop-serve", "#profiles-pane .section-title")) {
                Bounds at = action.startsWith("#profiles-pane") ? onFx(() -> {
                    Node title = stage.getScene().lookup("#profiles-pane").lookup(".section-title");
                    return title.localToScene(title.getBoundsInLocal());
                }) : inScene(action);
                assertTrue(at.getMinY() >= viewport.getMinY() && at.getMaxY() <= viewport.getMaxY(),
                        action + " is in view without scrolling: " + at + " in " + viewport);
            }
            assertEquals(0.0, onFx(scroll::getVvalue), "nothing was scrolled");

            // The record's Profiles row counts too; Copy gives every name.
            onFx(() -> {
                ((TitledPane) stage.getScene().lookup("#record-gateway")).setExpanded(true);
                return null;
            });
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(onFx(() -> stage.getScene().lookup("#record-gateway").lookupAll(".label").stream()
                    .map(node -> Describe.plainPath(String.valueOf(((Label) node).getText())))
                    .anyMatch(text -> text.equals("default, p001, p002, p003, p004, … (301 in all)"))), "the record names five and counts");
        }
    }
}
