package dev.hostwarden.panel;

import dev.hostwarden.autostart.Autostart;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.HistoryLog;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.panel.doctor.DiagnosticsSaver;
import dev.hostwarden.panel.doctor.DoctorWindow;
import dev.hostwarden.panel.doctor.SaveDiagnosticsButton;
import dev.hostwarden.panel.model.OshiProcessDescriber;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelFleet;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RendezvousWatcher;
import dev.hostwarden.panel.notify.NotificationPolicy;
import dev.hostwarden.panel.notify.Notifiers;
import dev.hostwarden.panel.notify.RoleActions;
import dev.hostwarden.panel.notify.TrayMessageNotifier;
import dev.hostwarden.panel.theme.Appearance;
import dev.hostwarden.panel.theme.ThemeMenu;
import dev.hostwarden.panel.timeline.TimelineWindow;
import dev.hostwarden.panel.tray.AwtTray;
import dev.hostwarden.panel.tray.DockedIconBackdrop;
import dev.hostwarden.panel.tray.NoTray;
import dev.hostwarden.panel.tray.TrayContent;
import dev.hostwarden.panel.tray.TrayGlyph;
import dev.hostwarden.panel.tray.TrayPort;
import dev.hostwarden.panel.tray.TrayState;
import dev.hostwarden.panel.view.NotificationsView;
import dev.hostwarden.panel.view.PanelView;
import dev.hostwarden.runtime.LaunchSettings;
import dev.hostwarden.runtime.RendezvousOwnerControl;
import java.time.Clock;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Region;
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
    private static final long TICK_SECONDS = 10;
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");

    private ExecutorService background;
    private RendezvousWatcher watcher;
    private volatile TrayPort tray = new NoTray("not installed yet");
    private PanelModel model;
    private NotificationPolicy notifications;
    private TrayContent trayContent;
    private PanelView view;
    private Stage stage;
    private boolean shownOnce;
    private PlacementKeeper placement;
    private ScheduledExecutorService ticker;
    private Button saveDiagnostics;

    /**
     * The settings file's {@code fleet}, as {@code status} and {@code run} read it; the fleet classes
     * load only when the file has one. An unusable file is one warning line: the panel only shows.
     */
    private void useSettingsFileFleet() {
        Environment env = Environment.system();
        try {
            var section = LaunchSettings.fleetSection(env);
            if (section.isPresent()) {
                model.useFleet(PanelFleet.fromSettings(
                        "settings file " + LaunchSettings.defaultPath(env), section.get()));
            }
        } catch (LaunchSettings.SettingsException | IllegalArgumentException unusable) {
            System.err.println("hostwarden: warning: " + unusable.getMessage() + "; the panel shows no fleet");
        }
    }

    /** With a fleet, an owner started or restarted from a card takes the same fleet lease (it inherits HOSTWARDEN_FLEET). */
    private static RendezvousOwnerControl fleetControl(RendezvousOwnerControl control, PanelLauncher.PanelOptions options) {
        return options.fleet() == null ? control : control.withEnvironment(Environment.system().with("HOSTWARDEN_FLEET", options.fleet()));
    }

    @Override
    public void start(Stage primary) {
        StartupTrace.mark("fx-start");
        stage = primary;
        background = Executors.newCachedThreadPool(runnable -> {
            Thread thread = new Thread(runnable, "hostwarden-core");
            thread.setDaemon(true);
            return thread;
        });
        PanelLauncher.PanelOptions options = PanelLauncher.options();
        HostRendezvous rendezvous = options.lockDir() == null ? HostRendezvous.system()
                : HostRendezvous.at(RendezvousDir.of(options.lockDir()), ProcessInspector.system());
        PanelContext context = PanelContext.of(rendezvous, HermesHome.resolve(Environment.system()),
                fleetControl(new RendezvousOwnerControl(rendezvous), options), new OshiProcessDescriber(), background, Platform::runLater);
        Appearance appearance = PanelLauncher.appearance();
        appearance.applyToApplication();
        StartupTrace.mark("theme");
        model = new PanelModel(context);
        if (options.fleet() != null) {
            model.useFleet(PanelFleet.of(options.fleet()));
        } else {
            useSettingsFileFleet();
        }
        model.recordHistory(OwnershipHistory.forUser(context.rendezvous().dir().path()));
        model.restoreKeepRunning();
        StartupTrace.mark("model");
        view = new PanelView(model, Clock.systemDefaultZone());
        StartupTrace.mark("view");
        view.addHeaderControl(ThemeMenu.create(appearance));
        Button doctor = new Button("Doctor");
        doctor.setId("doctor");
        doctor.setMinWidth(Region.USE_PREF_SIZE);
        doctor.setOnAction(event -> DoctorWindow.open(stage, context, model::refresh));
        view.addHeaderControl(doctor);
        Button timeline = new Button("Timeline");
        timeline.setId("timeline");
        timeline.setMinWidth(Region.USE_PREF_SIZE);
        timeline.setOnAction(event -> TimelineWindow.open(stage,
                HistoryLog.forUser(Environment.system()), context.rendezvous().dir().path(), background));
        view.addHeaderControl(timeline);
        DiagnosticsSaver diagnostics = new DiagnosticsSaver(context, Environment.system());
        diagnostics.messageProperty().addListener((observable, before, after) -> view.showNotice(after));
        saveDiagnostics = SaveDiagnosticsButton.create(diagnostics);
        view.addHeaderControl(saveDiagnostics);

        StartupTrace.mark("header");
        Scene scene = new Scene(view);
        scene.getStylesheets().add(PanelApp.class.getResource("panel.css").toExternalForm());
        appearance.attach(scene);
        installShortcuts(scene);
        stage.setScene(scene);
        StartupTrace.mark("scene");
        stage.titleProperty().bind(model.titleProperty());
        placement = new PlacementKeeper(stage, PanelLauncher.stateDir());
        placement.place();
        StartupTrace.mark("placed");
        showIcon(Verdict.NO_OWNER);
        model.worstProperty().addListener((observable, before, after) -> showIcon(after));
        model.attentionProperty().addListener((observable, before, after) -> showIcon(model.worstProperty().get()));
        model.setEventListener(this::announce);
        notifications = new NotificationPolicy(new TrayMessageNotifier(() -> tray, "looking for the desktop's notifier"),
                RoleActions.of(model, this::openWindow), Clock.systemUTC(), Platform::runLater);
        notifications.watch(model);
        new NotificationsView(notifications, Clock.systemDefaultZone()).attachTo(view);
        trayContent = new TrayContent(model, notifications.pausedProperty(), Autostart.forThisUser(), trayWindow(),
                Platform::runLater, background, this::redrawTray);
        trayContent.dependencies(dependency -> dependency.addListener(observable -> redrawTray()));
        background.execute(() -> notifications.useNotifier(Notifiers.forThisDesktop(System.getenv(), () -> tray)));
        StartupTrace.mark("show");
        stage.setOnShown(event -> {
            if (!shownOnce) {
                shownOnce = true;
                debug("WINDOW_SHOWN " + StartupTrace.sinceProcessStart());
                debug(StartupTrace.drain());
            }
        });
        stage.setOnHiding(event -> placement.save());
        stage.show();
        PanelLauncher.onShowRequest(() -> Platform.runLater(this::openWindow));
        PanelSignals.onQuit(() -> Platform.runLater(this::quit));

        model.refresh();
        // "System" follows the desktop's colour scheme live where the session bus has the settings portal;
        // dbus-java loads only now, after the window has shown.
        background.execute(appearance::followDesktop);
        // Changes arrive as file-system events (rendezvous directory, hermes root, profile homes) and as
        // owners' exits; the timer only re-proves what no event announces, and each pass costs real CPU
        // in an otherwise idle process.
        long recheck = Long.getLong(RECHECK_PROPERTY, DEFAULT_RECHECK_SECONDS);
        watcher = new RendezvousWatcher(model::watchedDirectories, Duration.ofSeconds(recheck), model::refresh);
        watcher.start();
        // Relative times tick while someone can see them, and live owners are asked again (one bounded
        // connection each) so a hung owner shows ENDPOINT_SILENT; a hidden window costs nothing. Ages
        // show minutes, not seconds, so every 10 s is often enough and each wake-up of the FX thread counts.
        ticker = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "hostwarden-tick");
            thread.setDaemon(true);
            return thread;
        });
        ticker.scheduleAtFixedRate(() -> Platform.runLater(() -> {
            if (stage.isShowing() && !stage.isIconified()) {
                view.tick();
                model.recheckWhileVisible();
            }
        }), TICK_SECONDS, TICK_SECONDS, TimeUnit.SECONDS);
        debug("PULSE_GOVERNED " + PulseGovernor.install(scene, ticker));
        // After the window has its size: AWT's X set-up racing GTK's resize printed a Gdk-WARNING.
        Platform.runLater(() -> Platform.runLater(this::installTray));
    }

    private static void debug(String line) {
        if (PanelLauncher.options().debug()) {
            System.err.println(line);
        }
    }

    /** F5 refreshes; Ctrl+W closes the window as its close button does; Esc hides it where a tray keeps the panel; Ctrl+Q quits. */
    private void installShortcuts(Scene scene) {
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.F5), () -> model.refresh());
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.W, KeyCombination.SHORTCUT_DOWN), this::closeWindow);
        scene.getAccelerators().put(new KeyCodeCombination(KeyCode.Q, KeyCombination.SHORTCUT_DOWN), this::quit);
        scene.addEventHandler(KeyEvent.KEY_PRESSED, event -> {
            if (event.getCode() == KeyCode.ESCAPE && !event.isConsumed() && !(tray instanceof NoTray)) {
                stage.hide();
                event.consume();
            }
        });
    }

    /** What the window's close button does: hide into the tray, or quit where there is none. */
    private void closeWindow() {
        if (tray instanceof NoTray) {
            quit();
        } else {
            stage.hide();
        }
    }

    private void showIcon(Verdict worst) {
        stage.getIcons().setAll(List.of(16, 32, 64).stream()
                .map(size -> new Image(PanelApp.class.getResource(TrayGlyph.resource(worst, model.attentionProperty().get(), size))
                        .toExternalForm())).toList());
    }

    /** The tray follows the model: every change it depends on redraws it (the port skips what did not change). */
    private void redrawTray() {
        tray.update(trayContent.state());
    }

    /** Left click on the tray icon: hide a window in view, show one that is not. */
    private void toggleWindow() {
        if (stage.isShowing() && !stage.isIconified()) {
            stage.hide();
        } else {
            openWindow();
        }
    }

    /** What the tray menu does with the window: the card's own buttons, so the tray asks what the card asks. */
    private TrayContent.Window trayWindow() {
        return new TrayContent.Window() {
            @Override
            public void open() {
                openWindow();
            }

            @Override
            public void confirmStop(Role role) {
                openWindow();
                if (view.lookup("#stop-" + role.wireName()) instanceof Button stop && !stop.isDisabled()) {
                    stop.fire();
                }
            }

            @Override
            public void previewRetract(Role role) {
                openWindow();
                model.card(role).previewRetract();
            }

            @Override
            public void saveDiagnostics() {
                openWindow();
                saveDiagnostics.fire();
            }

            @Override
            public void quit() {
                PanelApp.this.quit();
            }

            @Override
            public void say(String message) {
                view.showNotice(CLOCK.format(LocalTime.now()) + "  " + message);
            }
        };
    }

    private void installTray() {
        if (PanelLauncher.options().noTray()) {
            useWindowOnly("--no-tray was given");
            return;
        }
        AwtTray awt = new AwtTray();
        TrayState first = trayContent.state();
        // Off the FX thread: the tray may block (GNOME); install() gives up after a timeout.
        background.execute(() -> {
            boolean shown = awt.install(first, () -> Platform.runLater(this::toggleWindow));
            trayContent.readAutostart();
            Platform.runLater(() -> {
                if (shown) {
                    tray = awt;
                    redrawTray();
                    DockedIconBackdrop.whenDocked(awt, background);
                    Platform.setImplicitExit(false);
                    stage.setOnCloseRequest(event -> {
                        event.consume();
                        closeWindow();
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
        if (!PanelLauncher.options().noTray()) {
            // Asked for with --no-tray, a plain window is no news; otherwise the user expected an icon.
            System.err.println("hostwarden: no tray icon (" + why + "); running as a plain window");
        }
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
        // The banner and the Events list show it (NotificationsView); the notice line is for the panel's own messages.
        notifications.accept(event);
    }

    private void quit() {
        if (stage.isShowing()) {
            placement.save();
        }
        shutdown();
        Platform.exit();
    }

    private void shutdown() {
        if (model != null) {
            model.close();
        }
        PanelLauncher.appearance().close();
        if (watcher != null) {
            watcher.close();
        }
        tray.remove();
        if (ticker != null) {
            ticker.shutdownNow();
        }
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
