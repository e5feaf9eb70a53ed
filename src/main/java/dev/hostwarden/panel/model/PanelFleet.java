package dev.hostwarden.panel.model;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.fleet.FleetConfig;
import dev.hostwarden.fleet.FleetInspector;
import dev.hostwarden.fleet.FleetSection;

/** The panel's one door to the fleet package; loaded only when a fleet is configured. */
public final class PanelFleet implements FleetLookup {
    private final FleetInspector inspector;

    private PanelFleet(FleetConfig config) {
        this.inspector = new FleetInspector(config);
    }

    /**
     * The fleet at {@code endpoints} ({@code --fleet} or HOSTWARDEN_FLEET; scope the role, the default
     * time to live), with credentials from the environment as the commands take them.
     *
     * @throws IllegalArgumentException naming a bad endpoint
     */
    public static FleetLookup of(String endpoints) {
        return new PanelFleet(FleetConfig.parse(endpoints, null, null).withEnvironmentCredentials());
    }

    @Override
    public Look look(RoleReport local) {
        FleetSection section = inspector.inspect(local);
        return new Look(section.appliedTo(local), "Fleet: " + section.line());
    }
}
