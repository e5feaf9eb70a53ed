package dev.hostwarden.doctor;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;

/**
 * The two facts every liveness proof needs: the boot id (a record of another boot is stale) and a
 * process's start time (a reused PID is not the owner). Without them verdicts are UNPROVABLE.
 */
final class ProcessClockCheck implements DoctorCheck {
    static final String NAME = "bootAndStartTimes";

    @Override
    public Finding run(DoctorContext context) {
        ProcessInspector inspector = context.rendezvous().inspector();
        String epoch = inspector.currentBootEpoch();
        Long ticks = inspector.startTicks(Platform.currentPid());
        if (epoch != null && !epoch.isEmpty() && ticks != null) {
            return Finding.ok(NAME, "boot epoch " + epoch + "; this process's start time " + ticks);
        }
        String missing = (epoch == null || epoch.isEmpty() ? "the boot id cannot be read" : "")
                + (ticks == null ? (epoch == null || epoch.isEmpty() ? "; " : "") + "process start times cannot be read" : "");
        return Finding.warn(NAME, missing + ": owners cannot be told from reused PIDs or earlier boots",
                Platform.current().hasProcFs() ? "mount /proc readable (hidepid= hides other users' processes)" : "");
    }
}
