package dev.hostwarden.core.profiles;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.ControlSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One look at every profile home, for the command line and the panel alike. Read-only: it writes
 * nothing, takes no lock another process could see (Linux reads {@code /proc/locks}), opens no FIFO,
 * and asks the gateway owner's control socket once, bounded by hermes' 2 s client timeout.
 */
public final class ProfileScan {
    private final HostRendezvous rendezvous;
    private final Duration identifyTimeout;

    public ProfileScan(HostRendezvous rendezvous) {
        this(rendezvous, ControlSocket.DEFAULT_TIMEOUT);
    }

    public ProfileScan(HostRendezvous rendezvous, Duration identifyTimeout) {
        this.rendezvous = rendezvous;
        this.identifyTimeout = identifyTimeout;
    }

    public ProfilesReport scan(Path root) {
        ProfileHomes.Listing listing = ProfileHomes.list(root);
        GatewayOwnerView owner = GatewayOwnerView.inspect(rendezvous, listing.root(), identifyTimeout);
        ProcessInspector inspector = new OneScanInspector(rendezvous.inspector());
        boolean ownersHomeIsRoot = owner.answered() && PidMarker.sameHome(owner.home(), listing.root());
        List<ProfileState> states = new ArrayList<>();
        for (ProfileHomes.Home home : listing.homes()) {
            states.add(inspect(home, owner, ownersHomeIsRoot, listing.root(), inspector));
        }
        return new ProfilesReport(listing.root(), owner, states, listing.problem());
    }

    private static ProfileState inspect(ProfileHomes.Home home, GatewayOwnerView owner, boolean ownersHomeIsRoot, Path root,
                                        ProcessInspector inspector) {
        Boolean served = owner.serves(home.name(), ownersHomeIsRoot);
        String servedWhy = owner.servedWhy(ownersHomeIsRoot);
        if (!home.readable()) {
            return new ProfileState(home.name(), home.home(), home.problem(), served, servedWhy, null, null, null, List.of());
        }
        LockProbe lock = GatewayRuntimeLock.probe(home.home());
        Long ownerPid = owner.live() ? owner.pid() : null;
        return new ProfileState(home.name(), home.home(), home.problem(), served, servedWhy, lock,
                StandaloneGateway.of(home.home(), lock, ownerPid, inspector), MarkerView.of(home.home(), inspector),
                Leftover.of(home.home(), inspector));
    }
}
