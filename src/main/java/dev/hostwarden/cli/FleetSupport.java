package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.fleet.EtcdLease;
import dev.hostwarden.fleet.FleetConfig;
import dev.hostwarden.fleet.FleetHolder;
import dev.hostwarden.fleet.FleetInspector;
import dev.hostwarden.fleet.FleetSection;
import dev.hostwarden.fleet.FleetStop;
import dev.hostwarden.report.CommandHint;
import dev.hostwarden.runtime.ClusterLease;
import dev.hostwarden.runtime.LaunchSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;

/** The one door from the command line to the fleet package; loaded only when a fleet is configured. */
final class FleetSupport {
    private FleetSupport() {
    }

    /** The configuration, with credentials from HOSTWARDEN_FLEET_USER / HOSTWARDEN_FLEET_PASSWORD; bad values throw naming them. */
    static FleetConfig config(FleetOptions options) {
        FleetConfig config = options.fromSettingsFile() ? fromSettings(options)
                : FleetConfig.parse(options.configuredEndpoints(), options.scope(), options.ttlSeconds());
        return config.withEnvironmentCredentials();
    }

    /** The settings file's {@code fleet} object; an unusable file is a bad value like any other. */
    private static FleetConfig fromSettings(FleetOptions options) {
        try {
            var section = options.settingsFleetSection().orElseThrow();
            return FleetConfig.fromSettings("settings file " + LaunchSettings.defaultPath(Environment.system()), section, options.scope(), options.ttlSeconds());
        } catch (LaunchSettings.SettingsException unusable) {
            throw new IllegalArgumentException(unusable.getMessage());
        }
    }

    static ClusterLease lease(FleetConfig config, Role role, HostRendezvous rendezvous, Supplier<List<String>> served) {
        long pid = Platform.currentPid();
        String since = Instant.now().toString();
        return new EtcdLease(config, role, () -> new FleetHolder(hostName(), machineId(), pid, rendezvous.inspector().startTicks(pid),
                rendezvous.inspector().currentBootEpoch(), served.get(), since));
    }

    /**
     * {@code stop ROLE --fleet} where this machine has no live owner: asks the fleet's holder to stop
     * through the stop key. Null when this machine's own owner should be stopped the usual way.
     */
    static Integer stopElsewhere(FleetConfig config, Role role, HostRendezvous rendezvous, Duration timeout, Output output) {
        RoleReport local = new RoleInspector(rendezvous, true).inspectAll(List.of(role)).get(0);
        if (local.verdict() == Verdict.LIVE) {
            return null;
        }
        try {
            var outcome = new FleetStop(config).stop(role, timeout);
            if (outcome.isEmpty()) {
                output.out().println("no owner of " + role.wireName() + " anywhere in the fleet (" + config.keyFor(role) + " is free); nothing to stop");
                output.out().flush();
                return 3;
            }
            String who = outcome.get().holder().describe() + " (fleet revision " + outcome.get().revision() + ")";
            if (outcome.get().stopped()) {
                output.out().println("stopped " + role.wireName() + ": " + who + " gave up the fleet lease");
                output.out().flush();
                return 0;
            }
            output.error("TIMEOUT", role.wireName() + ": " + who + " did not stop within " + timeout.toSeconds() + " s; the stop request was withdrawn");
            return 1;
        } catch (IOException unreachable) {
            output.error("FLEET_UNREACHABLE", unreachable.getMessage());
            return 4;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return 1;
        }
    }

    /**
     * {@code restart ROLE --fleet} and {@code start ROLE --fleet}, before anything is stopped: refuses (returning the exit code) when
     * another machine holds the role, since a new owner here could not take the lease, or when the
     * fleet cannot be reached. Null when the restart may go on.
     */
    static Integer refuseLaunch(FleetConfig config, Role role, HostRendezvous rendezvous, Output output, String verb) {
        RoleReport local = new RoleInspector(rendezvous, true).inspect(role);
        FleetSection section = inspect(config, local);
        if (section.state() == FleetSection.State.HELD_ELSEWHERE) {
            output.error("FLEET_HELD_ELSEWHERE", verb + ": " + role.wireName() + " is held in the fleet by " + section.holder().describe()
                    + " (" + section.key() + ", revision " + section.revision() + "); nothing here to " + verb + " and nothing was stopped"
                    + " (stop it there, or: " + CommandHint.of(rendezvous.dir(), "stop " + role.wireName() + " --fleet") + ")");
            return 1;
        }
        if (section.state() == FleetSection.State.UNREACHABLE) {
            output.error("FLEET_UNREACHABLE", verb + ": " + section.reasons().get(0).message()
                    + "; a new owner could not take the fleet lease, so nothing was stopped");
            return 4;
        }
        return null;
    }

    /**
     * The environment a restarted owner inherits: this one, with the fleet given on the command line
     * (endpoints, scope, time to live) so that the relaunched {@code run ROLE} takes the same lease.
     */
    static Environment relaunchEnvironment(FleetOptions options) {
        Environment env = Environment.system();
        if (options.endpoints != null) {
            env = env.with(FleetConfig.ENVIRONMENT, options.endpoints);
        }
        if (options.scope != null) {
            env = env.with(FleetOptions.SCOPE_ENVIRONMENT, options.scope);
        }
        if (options.ttlSeconds != null) {
            env = env.with(FleetOptions.TTL_ENVIRONMENT, options.ttlSeconds.toString());
        }
        return env;
    }

    static FleetSection inspect(FleetConfig config, RoleReport report) {
        return new FleetInspector(config).inspect(report);
    }

    /** This machine's name as other machines will read it; HOSTWARDEN_FLEET_HOSTNAME overrides (tests stand two machines on one). */
    static String hostName() {
        String override = System.getenv("HOSTWARDEN_FLEET_HOSTNAME");
        if (override != null && !override.isBlank()) {
            return override.strip();
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException unknown) {
            return "unknown-host";
        }
    }

    private static String machineId() {
        try {
            return Files.readString(Path.of("/etc/machine-id"), StandardCharsets.UTF_8).strip();
        } catch (IOException | RuntimeException none) {
            return "";
        }
    }
}
