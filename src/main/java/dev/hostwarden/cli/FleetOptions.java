package dev.hostwarden.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.runtime.LaunchSettings;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The fleet options of {@code run} and {@code status}. Only read here: the fleet's own classes load
 * only through {@link FleetSupport}, and only when one of these (or {@code HOSTWARDEN_FLEET}) is set.
 */
final class FleetOptions {
    @Option(names = "--fleet", paramLabel = "URL[,URL...]", description = "etcd endpoints of a fleet lease (default: HOSTWARDEN_FLEET; none: host lock only).")
    String endpoints;

    @Option(names = "--fleet-scope", paramLabel = "NAME", description = "The name machines agree on for the key /hostwarden/v1/NAME/ROLE (default: the role).")
    String scope;

    @Option(names = "--fleet-ttl", paramLabel = "SECONDS", description = "The fleet lease's time to live (default 10).")
    Integer ttlSeconds;

    /** Where a restarted owner finds the scope and time to live its restart was given (the flags win). */
    static final String SCOPE_ENVIRONMENT = "HOSTWARDEN_FLEET_SCOPE";
    static final String TTL_ENVIRONMENT = "HOSTWARDEN_FLEET_TTL";

    /** --fleet-scope, else HOSTWARDEN_FLEET_SCOPE, else null (the role). */
    String scope() {
        if (scope != null) {
            return scope;
        }
        String fromEnvironment = System.getenv(SCOPE_ENVIRONMENT);
        return fromEnvironment == null || fromEnvironment.isBlank() ? null : fromEnvironment.strip();
    }

    /** --fleet-ttl, else HOSTWARDEN_FLEET_TTL, else null (the default); a bad variable throws naming it. */
    Integer ttlSeconds() {
        if (ttlSeconds != null) {
            return ttlSeconds;
        }
        String fromEnvironment = System.getenv(TTL_ENVIRONMENT);
        if (fromEnvironment == null || fromEnvironment.isBlank()) {
            return null;
        }
        try {
            return Integer.valueOf(fromEnvironment.strip());
        } catch (NumberFormatException notANumber) {
            throw new IllegalArgumentException(TTL_ENVIRONMENT + ": '" + fromEnvironment + "' is not a whole number of seconds");
        }
    }

    /**
     * The endpoints given, or the environment's, or (marked by {@link #fromSettingsFile()}) the settings
     * file's; null when no fleet is configured. An unusable settings file counts as configured, so
     * that {@link FleetSupport#config} refuses it rather than running without the fleet.
     */
    String configuredEndpoints() {
        if (endpoints != null) {
            return endpoints;
        }
        String fromEnvironment = FleetEnvironment.endpoints();
        if (fromEnvironment != null) {
            return fromEnvironment;
        }
        return fromSettingsFile() ? "" : null;
    }

    /** The settings file's fleet object, read once per command (null: not read yet); or why the file is unusable. */
    private Optional<JsonNode> settingsSection;
    private LaunchSettings.SettingsException settingsProblem;

    /** The settings file's {@code fleet} object, read at the first call; the file's problem, if any, at every call. */
    Optional<JsonNode> settingsFleetSection() throws LaunchSettings.SettingsException {
        if (settingsSection == null && settingsProblem == null) {
            try {
                settingsSection = LaunchSettings.fleetSection(Environment.system());
            } catch (LaunchSettings.SettingsException unusable) {
                settingsProblem = unusable;
            }
        }
        if (settingsProblem != null) {
            throw settingsProblem;
        }
        return settingsSection;
    }

    /** True when neither --fleet nor HOSTWARDEN_FLEET is given and the settings file has (or may have) a fleet. */
    boolean fromSettingsFile() {
        if (endpoints != null || FleetEnvironment.endpoints() != null) {
            return false;
        }
        try {
            return settingsFleetSection().isPresent();
        } catch (LaunchSettings.SettingsException unusable) {
            return true;
        }
    }
}
