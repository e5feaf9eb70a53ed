package dev.hostwarden.core.profiles;

import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.LivenessJudge;

/** Whether a PID with a recorded start fingerprint still names the same live process. */
public enum ProcessMatch {
    /** Running, and its start fingerprint matches (or one side is unknown, so the PID alone decides). */
    ALIVE,
    /** Not running. */
    DEAD,
    /** Running, but started at another time: the PID now names another process. */
    REUSED,
    /** It cannot be told (permission, no /proc). */
    UNKNOWN;

    static ProcessMatch of(long pid, Long recordedStart, ProcessInspector inspector) {
        ProcessInspector.Presence presence = inspector.presence(pid).presence();
        if (presence == ProcessInspector.Presence.DEAD) {
            return DEAD;
        }
        if (presence == ProcessInspector.Presence.UNKNOWN) {
            return UNKNOWN;
        }
        Long now = recordedStart == null ? null : inspector.startTicks(pid);
        if (now != null && Math.abs(now - recordedStart) > LivenessJudge.START_TIME_DRIFT_TOLERANCE) {
            return REUSED;
        }
        return ALIVE;
    }

    /** True when the file naming this process is a leftover: the process is gone or the PID reused. */
    boolean gone() {
        return this == DEAD || this == REUSED;
    }

    String describe(long pid) {
        return switch (this) {
            case ALIVE -> "PID " + pid + " is running";
            case DEAD -> "PID " + pid + " is not running";
            case REUSED -> "PID " + pid + " is now another process (its start time differs)";
            case UNKNOWN -> "whether PID " + pid + " runs cannot be told";
        };
    }
}
