package dev.hostwarden.panel.model;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.OwnerControl;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * What the view-models run on: the same core services and {@link Actions} as the commands (their
 * owner control absent in a read-only panel: Start, Stop and Restart are then disabled), and the two
 * threads: {@code background} for every core call and action, {@code ui} to apply results
 * ({@code Platform::runLater} in the app, a plain executor in tests).
 */
public record PanelContext(
        HostRendezvous rendezvous,
        RoleInspector inspector,
        Path hermesRoot,
        Actions actions,
        ProcessDescriber describer,
        Executor background,
        Executor ui,
        Clock clock,
        Duration controlTimeout) {

    /** How the panel's actions name it in the history and in others' notifications. */
    public static final String ACTOR = "the Hostwarden panel";

    /**
     * The core services of {@code rendezvous}, asking owners' endpoints as {@code status} does; actions
     * are recorded in the user's history as done by this panel.
     */
    public static PanelContext of(HostRendezvous rendezvous, Path hermesRoot, OwnerControl ownerControl,
                                  ProcessDescriber describer, Executor background, Executor ui) {
        Actions actions = new Actions(rendezvous, ownerControl, OwnershipHistory.forUser(rendezvous.dir().path()), Actor.thisProcess(ACTOR));
        return new PanelContext(rendezvous, new RoleInspector(rendezvous, true), hermesRoot, actions, describer,
                background, ui, Clock.systemDefaultZone(), Duration.ofSeconds(30));
    }

    /** The same context with other actions (tests record them in a history of their own). */
    public PanelContext withActions(Actions replacement) {
        return new PanelContext(rendezvous, inspector, hermesRoot, replacement, describer, background, ui, clock, controlTimeout);
    }
}
