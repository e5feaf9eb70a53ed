package dev.hostwarden.runtime;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.OwnershipHistory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Configures a {@link HostOwner}; every value is checked by {@link #build()}, nothing is touched before {@link HostOwner#start()}. */
public final class HostOwnerBuilder {
    // Package-private: HostOwner's constructor copies them.
    ClusterLease clusterLease;
    final Role role;
    Path home = HermesHome.resolve(Environment.system());
    String host = "127.0.0.1";
    int port;
    List<String> profiles = List.of();
    boolean waitForLock;
    boolean force;
    Duration pollInterval = PlannedStopWatcher.DEFAULT_POLL_INTERVAL;
    HostRendezvous rendezvous = HostRendezvous.system();
    List<String> argv = List.of();
    OwnershipHistory history;

    HostOwnerBuilder(Role role) {
        this.role = role;
    }

    public HostOwnerBuilder home(Path value) {
        home = value;
        return this;
    }

    public HostOwnerBuilder host(String value) {
        host = value;
        return this;
    }

    /** The TCP port of a serve role; 0 picks a free one, which is then published. */
    public HostOwnerBuilder port(int value) {
        port = value;
        return this;
    }

    public HostOwnerBuilder profiles(List<String> value) {
        profiles = value;
        return this;
    }

    /** Block until the host lock is free instead of giving up with 75. */
    public HostOwnerBuilder waitForLock(boolean value) {
        waitForLock = value;
        return this;
    }

    /** Run even when another process holds the host lock (without publishing a record). */
    public HostOwnerBuilder force(boolean value) {
        force = value;
        return this;
    }

    public HostOwnerBuilder pollInterval(Duration value) {
        pollInterval = value;
        return this;
    }

    public HostOwnerBuilder rendezvous(HostRendezvous value) {
        rendezvous = value;
        return this;
    }

    /** Serve only while also holding this lease (a fleet); null, the default, means the host lock alone. */
    public HostOwnerBuilder clusterLease(ClusterLease value) {
        this.clusterLease = value;
        return this;
    }

    /** The command line recorded in the gateway's runtime lock. */
    public HostOwnerBuilder argv(List<String> value) {
        argv = value;
        return this;
    }

    /** Records this owner's start and stop in the ownership history (none by default). */
    public HostOwnerBuilder history(OwnershipHistory value) {
        history = value;
        return this;
    }

    /** Checks the configuration; a bad value is an {@link OwnerStartException} with exit code 78. */
    public HostOwner build() throws OwnerStartException {
        if (home == null) {
            throw OwnerStartException.config("no home directory");
        }
        if (Files.exists(home) && !Files.isDirectory(home)) {
            throw OwnerStartException.config("home '" + home + "' is not a directory");
        }
        if (port < 0 || port > 65535) {
            throw OwnerStartException.config("port " + port + " is out of range (0-65535; 0 picks a free port)");
        }
        if (!role.servesHttp() && port != 0) {
            throw OwnerStartException.config("port " + port + " given for the gateway, which has no TCP port (only serve roles do)");
        }
        if (host == null || host.isBlank()) {
            throw OwnerStartException.config("host is empty");
        }
        for (String profile : profiles) {
            if (profile.isBlank() || !profile.equals(profile.strip()) || profile.contains(",")) {
                throw OwnerStartException.config("profile name '" + profile + "' is not valid");
            }
        }
        if (pollInterval.isNegative() || pollInterval.isZero()) {
            throw OwnerStartException.config("poll interval " + pollInterval.toMillis() + " ms must be positive");
        }
        return new HostOwner(this);
    }
}
