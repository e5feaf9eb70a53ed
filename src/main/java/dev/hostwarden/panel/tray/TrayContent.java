package dev.hostwarden.panel.tray;

import dev.hostwarden.autostart.Autostart;
import dev.hostwarden.autostart.AutostartException;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.PanelModel;
import dev.hostwarden.panel.model.RoleCardModel;
import dev.hostwarden.panel.model.RoleSnapshot;
import dev.hostwarden.supervise.SupervisionRecord;
import dev.hostwarden.supervise.SupervisorState;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;

/**
 * What the tray shows, derived from the panel's model: the worst verdict's glyph, one tooltip line
 * per role, and the menu — a status line per role, a submenu per role with the card's own actions,
 * Open, "Start at login" (the code behind {@code hostwarden autostart}), "Pause notifications",
 * "Save diagnostics…" and Quit. {@link #state()} runs on the UI thread; the menu's actions arrive on the tray's thread and
 * are handed to {@code ui} (or, for autostart, which touches files, to {@code background}).
 */
public final class TrayContent {

    /** What the panel does for the menu's commands that need its window (all called on the UI thread). */
    public interface Window {
        void open();

        /** Asks before stopping, exactly as the card's Stop button does. */
        void confirmStop(Role role);

        /** Opens the card's retract preview, as its Retract button does. */
        void previewRetract(Role role);

        /** "Save diagnostics…", as the header's button does (the same zip as {@code hostwarden diagnose}). */
        void saveDiagnostics();

        void quit();

        /** A one-line message for the user (the window's notice line). */
        void say(String message);
    }

    private final PanelModel model;
    private final BooleanProperty paused;
    private final Autostart autostart;
    private final Window window;
    private final Executor ui;
    private final Executor background;
    private final Runnable changed;
    /** Whether the panel starts at login, as last read; null while unknown or when it cannot be read. */
    private volatile Boolean startsAtLogin;
    private volatile String autostartProblem = "not read yet";

    /** {@code changed} is called on the UI thread when something only this class knows changed (the autostart state). */
    public TrayContent(PanelModel model, BooleanProperty paused, Autostart autostart, Window window, Executor ui,
                       Executor background, Runnable changed) {
        this.model = model;
        this.paused = paused;
        this.autostart = autostart;
        this.window = window;
        this.ui = ui;
        this.background = background;
        this.changed = changed;
    }

    /** Reads whether the panel starts at login (a file or registry read): call it off the UI thread. */
    public void readAutostart() {
        try {
            startsAtLogin = autostart.enabled();
            autostartProblem = null;
        } catch (AutostartException | RuntimeException failed) {
            startsAtLogin = null;
            autostartProblem = failed.getMessage();
        }
        ui.execute(changed);
    }

    /** The tray as it should look now. UI thread. */
    public TrayState state() {
        List<String> lines = new ArrayList<>();
        List<TrayMenuItem> menu = new ArrayList<>();
        for (RoleCardModel card : model.cards()) {
            // The tooltip stays short (Windows cuts it at 127 characters); the menu names the owner too.
            lines.add(card.role() + ": " + (card.verdictProperty().get() == null ? "not inspected yet" : card.verdictProperty().get())
                    + gaveUp(card) + attention(card));
            menu.add(new TrayMenuItem.Status(statusLine(card)));
        }
        menu.add(new TrayMenuItem.Separator());
        for (RoleCardModel card : model.cards()) {
            menu.add(roleMenu(card));
        }
        menu.add(new TrayMenuItem.Separator());
        menu.add(new TrayMenuItem.Action("Open panel", onUi(window::open)));
        Boolean atLogin = startsAtLogin;
        menu.add(new TrayMenuItem.Toggle(atLogin == null && autostartProblem != null && !"not read yet".equals(autostartProblem)
                ? "Start at login (unavailable)" : "Start at login", Boolean.TRUE.equals(atLogin), atLogin != null,
                this::setStartAtLogin));
        menu.add(new TrayMenuItem.Toggle("Pause notifications", paused.get(), true, pause -> ui.execute(() -> paused.set(pause))));
        menu.add(new TrayMenuItem.Action("Save diagnostics…", onUi(window::saveDiagnostics)));
        menu.add(new TrayMenuItem.Separator());
        menu.add(new TrayMenuItem.Action("Quit", onUi(window::quit)));
        return new TrayState(model.worstProperty().get(), model.attentionProperty().get(), lines, menu);
    }

    /** "gateway: LIVE, PID 4242": the verdict first, then the owner it is about. */
    static String statusLine(RoleCardModel card) {
        RoleSnapshot snapshot = card.snapshotProperty().get();
        if (snapshot == null) {
            return card.role() + ": not inspected yet";
        }
        Verdict verdict = snapshot.report().verdict();
        HostRecord record = snapshot.report().record().recordOrNull();
        return card.role() + ": " + verdict + (record == null ? "" : ", PID " + record.pid()) + gaveUp(card);
    }

    /** " · needs attention" when the live gateway says a person is needed (a platform, a degraded state). */
    private static String attention(RoleCardModel card) {
        RoleSnapshot snapshot = card.snapshotProperty().get();
        return snapshot != null && snapshot.needsAttention() ? " · needs attention" : "";
    }

    /** " · gave up restarting" when the role's supervisor gave up: a state only a person can end. */
    private static String gaveUp(RoleCardModel card) {
        SupervisionRecord supervision = card.supervisionProperty().get();
        return supervision != null && supervision.state() == SupervisorState.GAVE_UP ? " · gave up restarting" : "";
    }

    /** The card's four actions, enabled exactly when the card's buttons are. */
    private TrayMenuItem roleMenu(RoleCardModel card) {
        Role role = card.role();
        return new TrayMenuItem.Submenu(role.toString(), List.of(
                new TrayMenuItem.Action("Start", card.startEnabledProperty().get(), onUi(card::start)),
                new TrayMenuItem.Action("Stop…", card.stopEnabledProperty().get(), onUi(() -> window.confirmStop(role))),
                new TrayMenuItem.Action("Restart", card.restartEnabledProperty().get(), onUi(card::restart)),
                new TrayMenuItem.Action("Retract dead record…", card.retractEnabledProperty().get(), onUi(() -> window.previewRetract(role))),
                new TrayMenuItem.Toggle("Keep running", card.keepRunningProperty().get(), card.canKeepRunning(), on -> ui.execute(() -> card.setKeepRunning(on)))));
    }

    /** The same calls as {@code hostwarden autostart on|off}; the outcome is said, and the menu re-read. */
    private void setStartAtLogin(boolean on) {
        background.execute(() -> {
            String outcome;
            try {
                Autostart.State state = on ? autostart.enable() : autostart.disable();
                outcome = state.enabled() ? "Hostwarden starts at login (" + state.location() + ")" : "Hostwarden no longer starts at login";
            } catch (AutostartException | RuntimeException failed) {
                outcome = "Start at login: " + failed.getMessage();
                System.err.println("hostwarden: " + outcome);
            }
            String said = outcome;
            readAutostart();
            ui.execute(() -> window.say(said));
        });
    }

    private Runnable onUi(Runnable action) {
        return () -> ui.execute(action);
    }

    /** Runs {@code each} with every property the tray's content depends on, so the caller can listen to them. */
    public void dependencies(Consumer<Observable> each) {
        each.accept(model.refreshCountProperty());
        each.accept(paused);
        for (RoleCardModel card : model.cards()) {
            each.accept(card.busyProperty());
            each.accept(card.startEnabledProperty());
            each.accept(card.stopEnabledProperty());
            each.accept(card.restartEnabledProperty());
            each.accept(card.retractEnabledProperty());
            each.accept(card.keepRunningProperty());
            each.accept(card.supervisionProperty());
            each.accept(card.snapshotProperty());
        }
    }
}
