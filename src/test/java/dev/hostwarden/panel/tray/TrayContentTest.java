package dev.hostwarden.panel.tray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.autostart.Autostart;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.PanelModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tray's content from a real model over a real rendezvous directory: a status line and a submenu
 * per role with the card's actions enabled as the card's buttons are, and "Start at login" writing
 * the same autostart entry as {@code hostwarden autostart on}.
 */
class TrayContentTest {
    @TempDir
    Path tmp;

    private final List<String> said = new CopyOnWriteArrayList<>();
    private final SimpleBooleanProperty paused = new SimpleBooleanProperty();
    private PanelModel model;
    private Autostart autostart;
    private TrayContent content;

    @BeforeEach
    void build() throws Exception {
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(tmp.resolve("locks")), ProcessInspector.system());
        model = new PanelModel(PanelContext.of(rendezvous, tmp.resolve("hermes"), null, pid -> Optional.empty(), Runnable::run, Runnable::run));
        model.refresh();
        Path launcher = Files.writeString(tmp.resolve("hostwarden"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        autostart = Autostart.forPlatform(new Environment(Map.of("HOME", tmp.resolve("home").toString(),
                "XDG_CONFIG_HOME", tmp.resolve("config").toString(), "HOSTWARDEN_LAUNCHER", launcher.toString(), "PATH", ""),
                tmp.resolve("home").toString()));
        content = new TrayContent(model, paused, autostart, new TrayContent.Window() {
            @Override
            public void open() {
                said.add("open");
            }

            @Override
            public void confirmStop(Role role) {
                said.add("confirm stop " + role);
            }

            @Override
            public void previewRetract(Role role) {
                said.add("retract " + role);
            }

            @Override
            public void saveDiagnostics() {
                said.add("save diagnostics");
            }

            @Override
            public void quit() {
                said.add("quit");
            }

            @Override
            public void say(String message) {
                said.add(message);
            }
        }, Runnable::run, Runnable::run, () -> { });
        content.readAutostart();
    }

    private static TrayMenuItem item(List<TrayMenuItem> menu, String label) {
        return menu.stream().filter(entry -> entry.label().equals(label)).findFirst()
                .orElseThrow(() -> new AssertionError("no '" + label + "' in " + menu));
    }

    @Test
    void oneStatusLineAndOneSubmenuPerRoleThenOpenAutostartPauseAndQuit() {
        TrayState state = content.state();
        assertEquals(Verdict.NO_OWNER, state.worst());
        assertEquals(List.of("gateway: NO_OWNER", "serve: NO_OWNER", "desktop-serve: NO_OWNER"), state.tooltipLines());
        List<String> labels = state.menu().stream().map(TrayMenuItem::label).toList();
        assertEquals(List.of("gateway: NO_OWNER", "serve: NO_OWNER", "desktop-serve: NO_OWNER", "-", "gateway", "serve", "desktop-serve",
                "-", "Open panel", "Start at login", "Pause notifications", "Save diagnostics…", "-", "Quit"), labels);
        assertTrue(state.menu().get(0) instanceof TrayMenuItem.Status);
        TrayMenuItem.Submenu gateway = (TrayMenuItem.Submenu) item(state.menu(), "gateway");
        assertEquals(List.of("Start", "Stop…", "Restart", "Retract dead record…", "Keep running"), gateway.items().stream().map(TrayMenuItem::label).toList());
        // No owner control in this context: like the card's buttons, none of them is enabled.
        assertTrue(gateway.items().stream().noneMatch(entry -> entry instanceof TrayMenuItem.Action action ? action.enabled()
                : ((TrayMenuItem.Toggle) entry).enabled()));

        ((TrayMenuItem.Action) item(state.menu(), "Open panel")).action().run();
        ((TrayMenuItem.Action) item(state.menu(), "Save diagnostics…")).action().run();
        ((TrayMenuItem.Action) item(state.menu(), "Quit")).action().run();
        assertEquals(List.of("open", "save diagnostics", "quit"), said);
    }

    @Test
    void pauseNotificationsFollowsThePolicyBothWays() {
        TrayMenuItem.Toggle pause = (TrayMenuItem.Toggle) item(content.state().menu(), "Pause notifications");
        assertFalse(pause.checked());
        pause.action().accept(true);
        assertTrue(paused.get());
        assertTrue(((TrayMenuItem.Toggle) item(content.state().menu(), "Pause notifications")).checked());
    }

    @Test
    void startAtLoginIsTheAutostartCommandsOwnSwitch() throws Exception {
        TrayMenuItem.Toggle atLogin = (TrayMenuItem.Toggle) item(content.state().menu(), "Start at login");
        assertTrue(atLogin.enabled());
        assertFalse(atLogin.checked());
        atLogin.action().accept(true);
        // The background executor is the calling thread here: the switch is done when accept returns.
        Autostart.State on = autostart.state();
        assertTrue(on.enabled());
        assertTrue(Files.isRegularFile(Path.of(on.location())), on.location());
        assertTrue(((TrayMenuItem.Toggle) item(content.state().menu(), "Start at login")).checked());
        assertTrue(said.get(said.size() - 1).startsWith("Hostwarden starts at login"), said.toString());

        ((TrayMenuItem.Toggle) item(content.state().menu(), "Start at login")).action().accept(false);
        assertFalse(autostart.state().enabled());
        assertFalse(((TrayMenuItem.Toggle) item(content.state().menu(), "Start at login")).checked());
    }
}
