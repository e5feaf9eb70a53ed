package dev.hostwarden.panel.model;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.runtime.OwnerControl;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executor;

/**
 * What the view-models run on: the same core services as the commands, the optional
 * {@link OwnerControl} (null when no implementation is present: Stop and Restart are then disabled),
 * and the two threads: {@code background} for every core call, {@code ui} to apply results
 * ({@code Platform::runLater} in the app, a plain executor in tests).
 */
public record PanelContext(
        HostRendezvous rendezvous,
        RoleInspector inspector,
        Path hermesRoot,
        OwnerControl ownerControl,
        ProcessDescriber describer,
        Executor background,
        Executor ui,
        Clock clock,
        Duration controlTimeout) {

    /** The core services of {@code rendezvous}, asking owners' endpoints as {@code status} does. */
    public static PanelContext of(HostRendezvous rendezvous, Path hermesRoot, OwnerControl ownerControl,
                                  ProcessDescriber describer, Executor background, Executor ui) {
        return new PanelContext(rendezvous, new RoleInspector(rendezvous, true), hermesRoot, ownerControl, describer,
                background, ui, Clock.systemDefaultZone(), Duration.ofSeconds(30));
    }
}
