package dev.hostwarden.panel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.ButtonBase;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.input.KeyCode;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * issue 21: the panel by keyboard only. The real PanelApp (its header, cards, Profiles section) runs in
 * this toolkit (Monocle headless) over a real rendezvous directory with a live gateway (a real
 * {@code hostwarden run gateway}), a dead serve owner's record and no desktop-serve, so each card leads
 * with a different action. The robot presses Tab until the focus comes round again:
 * <ul>
 *   <li>every enabled button, menu, fold title, the table and the text area of the window is reached,
 *       among them every action (Theme, Doctor, Timeline, Save diagnostics, Events, Refresh, Stop,
 *       Restart, Retract, Start, Rescan profiles);</li>
 *   <li>each shows that it has the focus (WCAG 2.4.7), measured on its pixels: compared with how it looked
 *       before it had the focus, at least as many pixels as its outline is long changed by 3:1 or more.</li>
 * </ul>
 * Esc closes the Doctor window and Ctrl+W the Timeline window.
 */
class KeyboardWalkFxTest {
    private static final PseudoClass FOCUS_VISIBLE = PseudoClass.getPseudoClass("focus-visible");
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path temp;

    private Stage stage;
    private PanelApp app;
    private ChildProcess gateway;
    private final FxRobot robot = new FxRobot();

    @BeforeEach
    void startThePanel() throws Exception {
        Path locks = temp.resolve("locks");
        Path home = Files.createDirectories(temp.resolve("hermes"));
        gateway = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(), "HERMES_HOME", home.toString()),
                "run", "gateway", "--profiles", "default");
        gateway.awaitLine(line -> line.startsWith("READY"), DEADLINE);
        Fixtures.writeDeadRecord(locks, Role.SERVE);
        FxToolkit.registerPrimaryStage();
        PanelLauncher.useOptions("--no-tray", "--lock-dir", locks.toString(), "--theme", "light");
        // The panel places its window as it was left (window.json): from the default size here, and in a
        // window of its own, so the size it gives the window stays off the primary stage the other tests share.
        Files.deleteIfExists(PanelLauncher.stateDir().resolve(WindowPlacement.FILE_NAME));
        app = new PanelApp();
        stage = onFx(() -> {
            Stage own = new Stage();
            app.start(own);
            return own;
        });
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> onFx(() -> text("#badge-gateway").equals("LIVE")
                && text("#badge-serve").equals("STALE") && text("#badge-desktop-serve").equals("NO_OWNER")));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @AfterEach
    void stopThePanel() throws Exception {
        if (app != null) {
            onFx(() -> {
                app.stop();
                stage.close();
                return null;
            });
        }
        FxToolkit.cleanupStages();
        PanelLauncher.useOptions();
        if (gateway != null) {
            gateway.close();
        }
    }

    private static <T> T onFx(Callable<T> work) throws Exception {
        return WaitForAsyncUtils.asyncFx(work).get(30, TimeUnit.SECONDS);
    }

    private String text(String id) {
        Node node = stage.getScene().lookup(id);
        return node instanceof Label label ? label.getText() : "";
    }

    private static boolean shown(Node node) {
        for (Node at = node; at != null; at = at.getParent()) {
            if (!at.isVisible()) {
                return false;
            }
        }
        return node.getScene() != null && node.getLayoutBounds().getWidth() > 0;
    }

    /** What the keyboard should reach: every enabled control that takes the focus and is on show. */
    private static List<Node> keyboardStops(Parent root) {
        List<Node> stops = new ArrayList<>();
        collect(root, stops);
        return stops;
    }

    private static void collect(Node node, List<Node> stops) {
        boolean control = node instanceof ButtonBase || node instanceof TitledPane || node instanceof TableView || node instanceof TextArea;
        if (control && node.isFocusTraversable() && !node.isDisabled() && shown(node)) {
            stops.add(node);
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collect(child, stops);
            }
        }
    }

    private static String describe(Node node) {
        String name = node.getId() != null ? "#" + node.getId() : node.getClass().getSimpleName();
        if (node instanceof ButtonBase button) {
            return name + " '" + button.getText() + "'";
        }
        return node instanceof TitledPane pane ? name + " '" + pane.getText() + "'" : name;
    }

    /** Pixels that changed by 3:1 or more between two pictures of one node (WCAG's contrast ratio). */
    private static int changedByThreeToOne(WritableImage before, WritableImage after) {
        int width = (int) Math.min(before.getWidth(), after.getWidth());
        int height = (int) Math.min(before.getHeight(), after.getHeight());
        PixelReader was = before.getPixelReader();
        PixelReader now = after.getPixelReader();
        int changed = 0;
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                if (ratio(was.getColor(x, y), now.getColor(x, y)) >= 3.0) {
                    changed++;
                }
            }
        }
        return changed;
    }

    private static double ratio(Color one, Color two) {
        double a = luminance(one) + 0.05;
        double b = luminance(two) + 0.05;
        return Math.max(a, b) / Math.min(a, b);
    }

    private static double luminance(Color color) {
        return 0.2126 * linear(color.getRed()) + 0.7152 * linear(color.getGreen()) + 0.0722 * linear(color.getBlue());
    }

    private static double linear(double channel) {
        return channel <= 0.03928 ? channel / 12.92 : Math.pow((channel + 0.055) / 1.055, 2.4);
    }

    private Node focusOwner() throws Exception {
        return onFx(() -> stage.getScene().getFocusOwner());
    }

    @Test
    void tabReachesEveryActionAndEveryStopShowsItsFocus() throws Exception {
        Scene scene = stage.getScene();
        robot.targetWindow(stage);
        List<Node> stops = onFx(() -> keyboardStops(scene.getRoot()));
        // How each looked without the focus: the window's first focus (the Theme menu) moves to the window itself.
        onFx(() -> {
            scene.getRoot().requestFocus();
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        Map<Node, WritableImage> before = new IdentityHashMap<>();
        for (Node stop : stops) {
            before.put(stop, onFx(() -> stop.snapshot(null, null)));
        }

        Set<Node> reached = new LinkedHashSet<>();
        List<String> faint = new ArrayList<>();
        for (int press = 0; press < 3 * stops.size() + 10; press++) {
            robot.type(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            Node owner = focusOwner();
            if (owner == null || !reached.add(owner)) {
                break; // round again
            }
            assertTrue(onFx(() -> owner.getPseudoClassStates().contains(FOCUS_VISIBLE)), describe(owner) + " has the keyboard's focus");
            WaitForAsyncUtils.waitForFxEvents();
            WritableImage after = onFx(() -> owner.snapshot(null, null));
            WritableImage was = before.get(owner);
            if (was != null) {
                int changed = changedByThreeToOne(was, after);
                int outline = 2 * (int) (after.getWidth() + after.getHeight());
                if (changed < outline) {
                    faint.add(describe(owner) + ": " + changed + " pixels changed by 3:1, outline " + outline);
                }
            }
        }

        List<String> missed = stops.stream().filter(stop -> !reached.contains(stop)).map(KeyboardWalkFxTest::describe).toList();
        assertTrue(missed.isEmpty(), "Tab never reaches " + missed + "; it reached " + reached.stream().map(KeyboardWalkFxTest::describe).toList());
        assertTrue(faint.isEmpty(), "a focus that does not show:\n" + String.join("\n", faint));
        Set<String> ids = reached.stream().map(Node::getId).filter(id -> id != null).collect(Collectors.toSet());
        for (String action : List.of("theme-menu", "doctor", "timeline", "save-diagnostics", "notification-history", "refresh",
                "stop-gateway", "restart-gateway", "retract-serve", "start-desktop-serve", "profiles-rescan", "profiles-table",
                "record-gateway", "lock-serve", "proof-desktop-serve")) {
            assertTrue(ids.contains(action), action + " is reachable by Tab; reached " + ids);
        }
        assertTrue(reached.size() >= 21, "the 21 stops the issue counted, at least: " + reached.size());
        assertEquals(reached.size(), stops.size(), "every stop was measured: " + stops.stream().map(KeyboardWalkFxTest::describe).toList());
    }

    private Stage secondWindow(String title) {
        return Window.getWindows().stream().filter(window -> window instanceof Stage each && title.equals(each.getTitle()) && each.isShowing())
                .map(Stage.class::cast).findFirst().orElse(null);
    }

    /** Opens a header window by keyboard: its button takes the focus, Space presses it. */
    private Stage openByKeyboard(String buttonId, String title) throws Exception {
        onFx(() -> {
            stage.getScene().lookup("#" + buttonId).requestFocus();
            return null;
        });
        robot.targetWindow(stage);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> secondWindow(title) != null));
        Stage window = onFx(() -> secondWindow(title));
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(window::isFocused));
        return window;
    }

    @Test
    void escAndCtrlWCloseTheDoctorAndTimelineWindows() throws Exception {
        Stage doctor = openByKeyboard("doctor", "Hostwarden — Doctor");
        robot.targetWindow(doctor);
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> !doctor.isShowing()));

        Stage timeline = openByKeyboard("timeline", "Hostwarden — Timeline");
        robot.targetWindow(timeline);
        robot.press(KeyCode.CONTROL).type(KeyCode.W).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> !timeline.isShowing()));

        Stage again = openByKeyboard("doctor", "Hostwarden — Doctor");
        robot.targetWindow(again);
        robot.press(KeyCode.CONTROL).type(KeyCode.W).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> !again.isShowing()));
        Stage lines = openByKeyboard("timeline", "Hostwarden — Timeline");
        robot.targetWindow(lines);
        robot.type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> onFx(() -> !lines.isShowing()));
        assertTrue(onFx(stage::isShowing), "the panel's own window stays");
        assertEquals(stage, onFx(() -> Window.getWindows().stream().filter(Window::isShowing).filter(window -> window instanceof Stage)
                .findFirst().orElse(null)), "no other window is left open");
    }
}
