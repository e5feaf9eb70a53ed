package dev.hostwarden.core.profiles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.proof.ControlSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * "Rescan profiles": asks the live gateway owner, on its control socket, to re-read {@code profiles/}
 * and publish the profiles it serves; the served set is read before (from {@code identify}) and after
 * (from the {@code rescan-profiles} answer).
 */
public final class ProfileRescan {
    /** hermes' client timeout for {@code rescan-profiles}. */
    public static final Duration RESCAN_TIMEOUT = Duration.ofSeconds(8);

    public enum Outcome { ANSWERED, NO_OWNER, NO_ANSWER }

    /**
     * @param before    the served set before (from identify); empty when the owner did not answer
     * @param after     the served set from the rescan answer; empty unless ANSWERED
     * @param multiplex the answer's {@code multiplex}, or null when absent or not answered
     */
    public record Result(Outcome outcome, GatewayOwnerView owner, List<String> before, List<String> after, Boolean multiplex, String why) {
        public Result {
            before = List.copyOf(before);
            after = List.copyOf(after);
        }
    }

    private ProfileRescan() {
    }

    public static Result run(HostRendezvous rendezvous, Path root, Duration identifyTimeout, Duration rescanTimeout) {
        GatewayOwnerView owner = GatewayOwnerView.inspect(rendezvous, root, identifyTimeout);
        if (!owner.live()) {
            return new Result(Outcome.NO_OWNER, owner, List.of(), List.of(), null, "no live gateway owner (" + owner.why() + ")");
        }
        if (!owner.answered()) {
            return new Result(Outcome.NO_ANSWER, owner, List.of(), List.of(), null, "the gateway owner PID " + owner.pid()
                    + " did not answer identify: " + owner.why() + "; nothing was sent");
        }
        ControlSocket.Answer answer = ControlSocket.ask(owner.home(), "rescan-profiles", rescanTimeout);
        if (answer.result().isEmpty()) {
            return new Result(Outcome.NO_ANSWER, owner, owner.served(), List.of(), null, "the gateway owner PID " + owner.pid()
                    + " did not answer rescan-profiles: " + answer.why().replaceAll("\\R", " "));
        }
        ObjectNode result = answer.result().get();
        JsonNode multiplex = result.get("multiplex");
        Boolean multiplexes = multiplex != null && multiplex.isBoolean() ? multiplex.booleanValue() : null;
        String why = Boolean.FALSE.equals(multiplexes) ? "the owner answered multiplex false: it is a standalone gateway serving only itself"
                : "the gateway owner PID " + owner.pid() + " answered rescan-profiles";
        return new Result(Outcome.ANSWERED, owner, owner.served(), GatewayOwnerView.servedNames(result), multiplexes, why);
    }
}
