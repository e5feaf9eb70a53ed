package dev.hostwarden.health;

import java.nio.file.Path;
import java.util.List;

/**
 * A hermes gateway's runtime status, {@code HERMES_HOME/gateway_state.json}, as read: who wrote it
 * ({@code pid}, {@code start_time}: the same pair that proves a host record), the gateway's state, why
 * it stopped or failed, the operator's intent, and its platforms. What it does not say is null; a file
 * that cannot be used at all is a {@link #problem()} instead of a crash.
 *
 * @param problem why the file cannot be used (not a regular file, too large, not UTF-8, not a JSON
 *                object), or null
 */
public record GatewayState(Path file, Long writerPid, Long writerStartTime, String gatewayState, String exitReason, String desiredState,
                           String updatedAt, List<PlatformState> platforms, String problem) {

    public GatewayState {
        platforms = platforms == null ? List.of() : List.copyOf(platforms);
    }

    static GatewayState unusable(Path file, String problem) {
        return new GatewayState(file, null, null, null, null, null, null, List.of(), problem);
    }

    public boolean usable() {
        return problem == null;
    }
}
