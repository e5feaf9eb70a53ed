package dev.hostwarden.core.attach;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.profiles.GatewayOwnerView;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * hermes' {@code decide()} for the gateway role: START, ATTACH, REFUSE (transient or not) or
 * REPLACE_HOST. The owner must be proven three ways before anyone defers to it: a non-stale record,
 * a proven incarnation, and a held host lock (a free lock means the recorded PID is not the owner,
 * however well it matches: #138343, #133744). Never throws.
 */
public final class AttachDecider {
    /** How long to wait for an owner whose served set is unknown (hermes' ATTACH_CHANNEL_WAIT_S). */
    public static final Duration ATTACH_CHANNEL_WAIT = Duration.ofSeconds(5);
    private static final Duration IDENTIFY_POLL = Duration.ofMillis(250);
    private static final Duration RESCAN_TIMEOUT = Duration.ofSeconds(8);

    private final HostRendezvous rendezvous;
    private final Function<Path, Optional<ObjectNode>> identify;
    private final Function<Path, Optional<ObjectNode>> rescan;
    private final Duration channelWait;

    public AttachDecider(HostRendezvous rendezvous) {
        this(rendezvous, home -> ControlSocket.identify(home, ControlSocket.DEFAULT_TIMEOUT),
                home -> ControlSocket.call(home, "rescan-profiles", RESCAN_TIMEOUT), ATTACH_CHANNEL_WAIT);
    }

    /** With another identify and rescan transport (tests stub the control socket as hermes' tests do). */
    public AttachDecider(HostRendezvous rendezvous, Function<Path, Optional<ObjectNode>> identify,
                         Function<Path, Optional<ObjectNode>> rescan, Duration channelWait) {
        this.rendezvous = rendezvous;
        this.identify = identify;
        this.rescan = rescan;
        this.channelWait = channelWait;
    }

    public AttachDecision decide(Path ourHome, String ourProfile, boolean replace) {
        try {
            return decideOrThrow(ourHome, ourProfile, replace);
        } catch (RuntimeException failure) {
            return new AttachDecision(AttachDecision.Outcome.START, "the host owner could not be probed; starting", null, false);
        }
    }

    private AttachDecision decideOrThrow(Path ourHome, String ourProfile, boolean replace) {
        Optional<HostGateway> owner = hostGateway(Duration.ZERO);
        if (owner.isEmpty() || owner.get().pid() == Platform.currentPid()) {
            return start("no live host gateway owns this host");
        }
        HostGateway gateway = owner.get();
        if (replace && (gateway.serves(ourProfile) || !gateway.servedKnown())) {
            return new AttachDecision(AttachDecision.Outcome.REPLACE_HOST, "taking the host over from " + gateway.describe(), gateway, false);
        }
        if (gateway.serves(ourProfile)) {
            return attach(gateway, ourProfile);
        }
        if (!gateway.servedKnown()) {
            owner = hostGateway(channelWait);
            if (owner.isEmpty()) {
                return start("the host gateway went away while we waited for its served set");
            }
            gateway = owner.get();
            if (gateway.serves(ourProfile)) {
                return attach(gateway, ourProfile);
            }
        }
        if (gateway.servedKnown()) {
            Optional<ObjectNode> answer = rescan.apply(gateway.home());
            if (answer.isPresent()) {
                if (answer.get().has("multiplex") && !answer.get().path("multiplex").asBoolean(true)) {
                    return start("the host owner is another profile's standalone gateway; starting beside it "
                            + "(run `hermes gateway migrate --multiplex` to converge)");
                }
                if (servedNames(answer.get(), "").stream().anyMatch(name -> name.equalsIgnoreCase(ourProfile))) {
                    return attach(gateway, ourProfile);
                }
            }
        }
        if (!gateway.servedKnown()) {
            return new AttachDecision(AttachDecision.Outcome.REFUSE, "A gateway already owns this host and has not published "
                    + "its served set yet: " + gateway.describe() + ". This is a transient state and a service supervisor "
                    + "will retry; use --replace to take over or --force to start anyway.", gateway, true);
        }
        return new AttachDecision(AttachDecision.Outcome.REFUSE, "A gateway already owns this host and will not serve profile '"
                + ourProfile + "': " + gateway.describe() + ". Run `hermes gateway migrate --multiplex`, or use --replace "
                + "or --force.", gateway, false);
    }

    /**
     * hermes' {@code host_gateway}: a proven owner (non-stale record, proven incarnation, held host
     * lock), asked over its control socket for its served set, polling until {@code wait} elapses.
     */
    public Optional<HostGateway> hostGateway(Duration wait) {
        HostRecord record = rendezvous.readRecord(Role.GATEWAY, false);
        if (record == null || !rendezvous.livenessIsProven(record) || !rendezvous.hostLockIsHeld(Role.GATEWAY)) {
            return Optional.empty();
        }
        Path home = HermesHome.ownerHome(record);
        long deadline = System.nanoTime() + wait.toNanos();
        do {
            Optional<ObjectNode> identity = identify.apply(home);
            if (identity.isPresent() && answersFor(identity.get(), record, home)) {
                return Optional.of(new HostGateway(record.pid(), home, servedNames(identity.get(), "default"), true));
            }
            if (System.nanoTime() >= deadline) {
                break;
            }
            PrivateFiles.sleepQuietly(IDENTIFY_POLL.toMillis());
        } while (System.nanoTime() < deadline);
        return Optional.of(new HostGateway(record.pid(), home, List.of(), false));
    }

    private static boolean answersFor(ObjectNode identity, HostRecord record, Path home) {
        if (!identity.path("pid").isIntegralNumber() || identity.path("pid").longValue() != record.pid()) {
            return false;
        }
        String answeredHome = identity.path("hermes_home").asText("");
        return answeredHome.isEmpty() || sameHome(Path.of(answeredHome), home);
    }

    private static boolean sameHome(Path a, Path b) {
        String left = a.toAbsolutePath().normalize().toString();
        String right = b.toAbsolutePath().normalize().toString();
        return Platform.current().hasCaseInsensitivePaths() ? left.equalsIgnoreCase(right) : left.equals(right);
    }

    /** {@code served_profiles} as names (plain strings or {@code {profile_id, home}} objects). */
    private static List<String> servedNames(ObjectNode answer, String fallbackProfile) {
        List<String> listed = GatewayOwnerView.listedProfiles(answer);
        if (listed != null) {
            return listed;
        }
        List<String> names = new ArrayList<>();
        if (!fallbackProfile.isEmpty()) {
            names.add(answer.path("profile").asText(fallbackProfile).isEmpty() ? fallbackProfile : answer.path("profile").asText(fallbackProfile));
        }
        return names;
    }

    private static AttachDecision start(String why) {
        return new AttachDecision(AttachDecision.Outcome.START, why, null, false);
    }

    private static AttachDecision attach(HostGateway gateway, String profile) {
        return new AttachDecision(AttachDecision.Outcome.ATTACH, "The host gateway already serves profile '" + profile
                + "', nothing to start: " + gateway.describe(), gateway, true);
    }
}
