package dev.hostwarden.panel.model;

import com.fasterxml.jackson.databind.JsonNode;
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
     * The fleet at {@code endpoints} ({@code --fleet} or HOSTWARDEN_FLEET), the scope HOSTWARDEN_FLEET_SCOPE
     * names (else the role), with credentials from the environment as the commands take them. The time
     * to live is the holder's, read from etcd.
     *
     * @throws IllegalArgumentException naming a bad endpoint
     */
    public static FleetLookup of(String endpoints) {
        String scope = System.getenv("HOSTWARDEN_FLEET_SCOPE");
        return new PanelFleet(FleetConfig.parse(endpoints, scope == null || scope.isBlank() ? null : scope.strip(), null)
                .withEnvironmentCredentials());
    }

    /**
     * The settings file's {@code fleet} object ({@code where} names the file in messages), with the scope
     * from HOSTWARDEN_FLEET_SCOPE when set and credentials from the environment when set.
     *
     * @throws IllegalArgumentException naming the file and a bad value
     */
    public static FleetLookup fromSettings(String where, JsonNode section) {
        String scope = System.getenv("HOSTWARDEN_FLEET_SCOPE");
        return new PanelFleet(FleetConfig.fromSettings(where, section, scope == null || scope.isBlank() ? null : scope.strip(), null)
                .withEnvironmentCredentials());
    }

    @Override
    public Look look(RoleReport local) {
        FleetSection section = inspector.inspect(local);
        return new Look(section.appliedTo(local), "Fleet: " + section.line());
    }
}
