package dev.hostwarden.core;

import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.Role;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A child JVM for the multi-process tests, using only the core API with its real environment
 * ({@code HERMES_GATEWAY_LOCK_DIR}, {@code HERMES_HOME}) like a second hermes process would. It
 * answers on stdout, one line per event, and lives until its stdin closes or it is signalled, so a
 * dead parent never leaves it behind.
 *
 * <p>Modes (hermes' test children in brackets):
 * <ul>
 *   <li>{@code idle}: holds nothing, just stays alive (a plain sleeper where no {@code sleep} exists);</li>
 *   <li>{@code hold}: claims the gateway host lock, prints {@code held} [_HOLDER_CHILD];</li>
 *   <li>{@code per-home-and-host}: takes the per-home lock of HERMES_HOME and claims the gateway host
 *       lock, prints {@code {"per_home":..,"host":..}} [_CHILD];</li>
 *   <li>{@code publish-and-arm-cleanup}: claims serve, publishes a record with a live session token,
 *       arms the exit cleanup, prints {@code published} [_SIGTERM_CHILD];</li>
 *   <li>{@code hold-gateway-and-wait-for-serve}: claims the gateway host lock with exit cleanup armed,
 *       prints {@code held}, then blocks in a waiting claim of serve (hostwarden's {@code run --wait});</li>
 *   <li>{@code claim-on-demand}: prints {@code ready}, then per stdin line {@code claim} (prints the outcome),
 *       {@code claim-and-publish} (publishes with a token when it wins, prints the outcome) or
 *       {@code release} (prints {@code released}) [_CLAIMER_CHILD], or {@code retract} (retracts the
 *       gateway record, prints the outcome and how many files it removed).</li>
 * </ul>
 */
public final class HostLockChild {
    static final String NEW_OWNER_TOKEN = "new-owner-token";
    static final String LIVE_SESSION_TOKEN = "live-session-token";

    private HostLockChild() {
    }

    public static void main(String[] args) throws IOException {
        HostRendezvous rendezvous = HostRendezvous.system();
        BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        switch (args[0]) {
            case "idle" -> {
                // Nothing to take: this process only needs to be alive.
            }
            case "hold" -> {
                ClaimResult claim = rendezvous.claimHostLock(Role.GATEWAY);
                answer(claim.acquired() ? "held" : "not-held " + claim.outcome().wireName());
            }
            case "per-home-and-host" -> {
                boolean perHome = GatewayRuntimeLock.acquire(HermesHome.resolve(Environment.system()), List.of(args),
                        rendezvous.inspector());
                boolean host = rendezvous.claimHostLock(Role.GATEWAY).acquired();
                answer("{\"per_home\":" + perHome + ",\"host\":" + host + "}");
            }
            case "publish-and-arm-cleanup" -> {
                ClaimResult claim = rendezvous.claimHostLock(Role.SERVE);
                if (!claim.acquired()) {
                    answer("not-held " + claim.outcome().wireName());
                    break;
                }
                rendezvous.publishRecord(Role.SERVE, "127.0.0.1", 9119, List.of(), LIVE_SESSION_TOKEN, "");
                rendezvous.cleanupOnExit(Role.SERVE);
                answer("published");
            }
            case "hold-gateway-and-wait-for-serve" -> {
                ClaimResult claim = rendezvous.claimHostLock(Role.GATEWAY);
                rendezvous.cleanupOnExit(Role.GATEWAY);
                answer(claim.acquired() ? "held" : "not-held " + claim.outcome().wireName());
                answer("serve " + rendezvous.claimHostLockWaiting(Role.SERVE).outcome().wireName());
            }
            case "claim-on-demand" -> {
                answer("ready");
                runCommands(rendezvous, stdin);
                return;
            }
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        }
        // Live until the parent closes our stdin (or signals us).
        while (stdin.readLine() != null) {
            // Lines are not commands in these modes.
        }
    }

    private static void runCommands(HostRendezvous rendezvous, BufferedReader stdin) throws IOException {
        String command;
        while ((command = stdin.readLine()) != null) {
            switch (command.strip()) {
                case "claim" -> answer(rendezvous.claimHostLock(Role.GATEWAY).outcome().wireName());
                case "claim-and-publish" -> {
                    ClaimResult claim = rendezvous.claimHostLock(Role.GATEWAY);
                    if (claim.acquired()) {
                        rendezvous.publishRecord(Role.GATEWAY, "", null, List.of("default"), NEW_OWNER_TOKEN, "");
                    }
                    answer(claim.outcome().wireName());
                }
                case "retract" -> {
                    RetractResult retract = rendezvous.retractor().retract(Role.GATEWAY, false);
                    answer(retract.outcome().name() + " " + retract.removed().size());
                }
                case "release" -> {
                    rendezvous.releaseHostLock(Role.GATEWAY);
                    answer("released");
                }
                default -> answer("unknown-command " + command);
            }
        }
    }

    private static void answer(String line) {
        System.out.println(line);
        System.out.flush();
    }
}
