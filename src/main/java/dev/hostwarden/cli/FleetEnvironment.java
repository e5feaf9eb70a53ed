package dev.hostwarden.cli;

import dev.hostwarden.fleet.FleetConfig;

/**
 * {@code HOSTWARDEN_FLEET}, read in one place. A class of its own so that the fast paths ({@code status},
 * {@code stop ROLE}) can ask whether a fleet is configured without loading the fleet, picocli or the
 * settings code (the variable's name is a compile-time constant, so {@link FleetConfig} stays unloaded).
 */
final class FleetEnvironment {
    private FleetEnvironment() {
    }

    /** The variable's endpoints, or null when it is unset or blank. */
    static String endpoints() {
        String value = System.getenv(FleetConfig.ENVIRONMENT);
        return value == null || value.isBlank() ? null : value;
    }
}
