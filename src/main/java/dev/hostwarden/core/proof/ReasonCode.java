package dev.hostwarden.core.proof;

/** Why a role has its verdict; shared by {@code status}, {@code explain} and the panel. */
public enum ReasonCode {
    LIVE,
    NO_RECORD,
    FOREIGN_OWNER_FILE,
    CORRUPT_RECORD,
    PROTOCOL_MISMATCH,
    PID_DEAD,
    PID_REUSED,
    START_TICKS_MISMATCH,
    OTHER_BOOT,
    PREDATES_BOOT_LOCK_FREE,
    NO_INCARNATION_PROOF,
    UNPROVABLE,
    LOCK_FREE_OWNER_GONE,
    LOCK_HELD_NO_RECORD,
    HOLDER_MISMATCH,
    TOKEN_MISMATCH,
    ENDPOINT_SILENT,
    LOCK_DIR_UNUSABLE,
    OWNER_EXITING,
    /** The host lock's holder is the recorded PID, alive, but not the incarnation the record describes. */
    HOLDER_NOT_RECORDED_INCARNATION,
    /** Another machine holds the role's fleet lease: nothing here to retract; a local owner would wait. */
    FLEET_HELD_ELSEWHERE,
    /** The fleet's etcd cannot be asked: the fleet state is unproven (never "no owner"). */
    FLEET_UNREACHABLE,
    /** The local owner's fleet revision is not the key's: it has lost the fleet lease. */
    FLEET_FENCED,
    /** The role's supervisor stopped starting it after too many failed starts; a Start or Restart resumes it. */
    SUPERVISION_GAVE_UP,
    /** The live gateway reports a platform that needs a person (a rejected token, a parked platform). */
    PLATFORM_NEEDS_ATTENTION,
    /** The live gateway serves in a degraded state (a platform parked, a watchdog's mark). */
    GATEWAY_DEGRADED,
    /** The gateway's runtime status says it failed to start, with the exit reason. */
    STARTUP_FAILED,
    /** The operator stopped the gateway on purpose (hermes' desired_state: stopped): not a failure. */
    STOPPED_BY_OPERATOR,
    /** The gateway's runtime status file cannot be used (not a regular file, too large, not UTF-8, not JSON). */
    GATEWAY_STATE_UNREADABLE
}
