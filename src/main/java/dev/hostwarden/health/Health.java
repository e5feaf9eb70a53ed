package dev.hostwarden.health;

import dev.hostwarden.core.proof.Reason;
import java.nio.file.Path;
import java.util.List;

/**
 * A gateway's health beyond its PID: its runtime status file judged against the live owner. The file
 * is {@code current} only when its writer's PID and start time are the live owner's; otherwise it was
 * retained from an earlier process ({@code writerPid}) and says what that one left behind, never how
 * things are now. The verdict stays about ownership; {@link #reasons()} say what the file adds.
 *
 * @param platforms  as written, error messages still unredacted (redact where shown)
 * @param reasons    PLATFORM_NEEDS_ATTENTION, GATEWAY_DEGRADED, STARTUP_FAILED, STOPPED_BY_OPERATOR,
 *                   GATEWAY_STATE_UNREADABLE, with messages already redacted
 */
public record Health(Path file, boolean current, Long writerPid, String gatewayState, String exitReason, String desiredState, String updatedAt,
                     List<PlatformState> platforms, List<Reason> reasons) {

    public Health {
        platforms = List.copyOf(platforms);
        reasons = List.copyOf(reasons);
    }

    /** The platforms that need a person, current only (a retained file's complaints are history). */
    public List<PlatformState> needingAttention() {
        return current ? platforms.stream().filter(PlatformState::needsAttention).toList() : List.of();
    }

    /** The operator stopped this gateway on purpose (hermes' {@code desired_state: stopped}). */
    public boolean stoppedByOperator() {
        return "stopped".equals(desiredState);
    }
}
