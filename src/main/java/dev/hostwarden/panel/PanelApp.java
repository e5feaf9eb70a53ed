package dev.hostwarden.panel;

import dev.hostwarden.core.Environment;
import dev.hostwarden.core.HermesHome;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.panel.model.OshiProcessDescriber;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RendezvousWatcher;
import dev.hostwarden.panel.notify.NotificationPolicy;
import dev.hostwarden.panel.notify.Notifiers;
import dev.hostwarden.panel.notify.RoleActions;
import dev.hostwarden.panel.notify.TrayMessageNotifier;
import dev.hostwarden.panel.tray.AwtTray;
import dev.hostwarden.panel.tray.NoTray;
import dev.hostwarden.panel.tray.TrayMenuItem;
import dev.hostwarden.panel.tray.TrayPort;
import dev.hostwarden.panel.tray.TrayStatus;
import dev.hostwarden.panel.view.PanelView;
import java.lang.management.ManagementFactory;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.image.Image;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Wires the panel: core services, view-model, code-built view, the rendezvous watcher and the tray
 * (or the plain-window fallback). One shutdown path, {@link #quit()}, serves the tray menu, the
 * window close (without tray) and {@link #stop()}.
 */
public final class PanelApp extends Application {
    /** Seconds between re-verifications when no file event arrives. */
    static final String RECHECK_PROPERTY = "hostwarden.panel.recheckSeconds";
    static final long DEFAULT_RECHECK_SECONDS = 120;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private ExecutorService background;
    private RendezvousWatcher watcher;
    private volatile TrayPort tray = new NoTray("not installed yet");
    private PanelModel model;
    private NotificationPolicy notifications;
    private PanelView view;
    private Stage stage;
    private boolean shownOnce;

    @Override
    public void start(Stage primary) {
        stage = primary;
        background = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "hostwarden-core");
            thread.setDaemon(true);
            return thread;
        });
        HostRendezvous rendezvous = HostRendezvous.system();
        PanelContext context = PanelContext.of(rendezvous, HermesHome.resolve(Environment.system()),
                new RendezvousOwnerControl(rendezvous), new OshiProcessDescriber(), background, Platform::runLater);
        model = new PanelModel(context);
        view = new PanelView(model, Clock.systemDefaultZone());

        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        Scene scene = new Scene(view, Math.min(1400, screen.getWidth()), Math.min(1100, screen.getHeight()));
        scene.getStylesheets().add(PanelApp.class.getResource("panel.css").toExternalForm());
        stage.setScene(scene);
        stage.setTitle("Hostwarden");
        showIcon(TrayStatus.GREY);
        model.trayStatusProperty().addListener((observable, before, after) -> {
            showIcon(after);
            tray.update(after, model.summaryProperty().get());
        });
        model.summaryProperty().addListener((observable, before, after) -> tray.update(model.trayStatusProperty().get(), after));
        model.setEventListener(this::announce);
        notifications = new NotificationPolicy(new TrayMessageNotifier(() -> tray, "looking for the desktop's notifier"),
                RoleActions.of(model, this::openWindow), Clock.systemUTC(), Platform::runLater);
        notifications.watch(model);
        background.execute(() -> notifications.useNotifier(Notifiers.forThisDesktop(System.getenv(), () -> tray)));
        stage.setOnShown(event -> {
            if (!shownOnce) {
                shownOnce = true;
                System.err.println("WINDOW_SHOWN " + sinceJvmStart());
            }
        });
        stage.show();
        PanelLauncher.onShowRequest(() -> Platform.runLater(this::openWindow));

        model.refresh();
        // Changes arrive as file-system events and as the live owner's exit; the timer only re-proves
        // what no event announces, and each pass costs real CPU in an otherwise idle process.
        long recheck = Long.getLong(RECHECK_PROPERTY, DEFAULT_RECHECK_SECONDS);
        watcher = new RendezvousWatcher(() -> rendezvous.dir().path(), Duration.ofSeconds(recheck), model::refresh);
        watcher.start();
        installTray();
    }

    /** Milliseconds since the JVM started: the honest origin for a cold-start figure. */
    private static long sinceJvmStart() {
        return System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    }

    private void showIcon(TrayStatus status) {
        stage.getIcons().setAll(List.of(16, 32, 64).stream()
                .map(size -> new Image(PanelApp.class.getResource(status.iconResource(size)).toExternalForm())).toList());
    }

    private void installTray() {
        if (PanelLauncher.options().noTray()) {
            useWindowOnly("--no-tray was given");
            return;
        }
        AwtTray awt = new AwtTray();
        List<TrayMenuItem> menu = List.of(
                new TrayMenuItem("Open panel", () -> Platform.runLater(this::openWindow)),
                new TrayMenuItem("Refresh", () -> model.refresh()),
                new TrayMenuItem("Quit", () -> Platform.runLater(this::quit)));
        // Off the FX thread: the tray may block (GNOME); install() gives up after a timeout.
        background.execute(() -> {
            boolean shown = awt.install(model.trayStatusProperty().get(), model.summaryProperty().get(), menu,
                    () -> Platform.runLater(this::openWindow));
            Platform.runLater(() -> {
                if (shown) {
                    tray = awt;
                    tray.update(model.trayStatusProperty().get(), model.summaryProperty().get());
                    Platform.setImplicitExit(false);
                    stage.setOnCloseRequest(event -> {
                        event.consume();
                        stage.hide();
                    });
                    view.setFooter("Tray icon active: closing this window keeps Hostwarden in the tray; quit from the tray menu.");
                } else {
                    useWindowOnly(awt.unavailableReason());
                }
            });
        });
    }

    private void useWindowOnly(String why) {
        tray = new NoTray(why);
        System.err.println("hostwarden: no tray icon (" + why + "); running as a plain window");
        stage.setOnCloseRequest(event -> quit());
        view.setFooter("No tray icon (" + why + "): running as a plain window; closing it quits; notifications appear above the cards.");
    }

    private void openWindow() {
        stage.show();
        stage.setIconified(false);
        stage.toFront();
        model.refresh();
    }

    private void announce(OwnershipEvent event) {
        view.showNotice(CLOCK.format(LocalTime.now()) + "  " + event.message());
        notifications.accept(event);
    }

    private void quit() {
        shutdown();
        Platform.exit();
    }

    private void shutdown() {
        if (watcher != null) {
            watcher.close();
        }
        tray.remove();
        if (notifications != null) {
            notifications.close();
        }
        if (background != null) {
            background.shutdownNow();
        }
    }

    @Override
    public void stop() {
        shutdown();
    }
}
