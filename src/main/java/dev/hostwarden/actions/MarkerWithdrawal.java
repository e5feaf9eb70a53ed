package dev.hostwarden.actions;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Takes back the planned-stop marker a cancelled Stop wrote, so the owner does not stop later after
 * all. Only a marker this process wrote for exactly that owner is removed; one the owner already
 * took (it is stopping) or anyone else's is left alone.
 */
final class MarkerWithdrawal {
    /** What happened to the marker, for the sentence the card shows. */
    enum Outcome {
        WITHDRAWN, ALREADY_TAKEN, NOT_OURS, FAILED
    }

    private MarkerWithdrawal() {
    }

    static Outcome withdraw(HostRecord owner) {
        Path file = PlannedStopMarker.pathFor(HermesHome.ownerHome(owner));
        PidMarker.Read read = PlannedStopMarker.at(file).peek();
        if (read instanceof PidMarker.Missing) {
            return Outcome.ALREADY_TAKEN;
        }
        if (!(read instanceof PidMarker.Found found) || found.contents().targetPid() != owner.pid()
                || found.contents().writerPid() == null || found.contents().writerPid() != Platform.currentPid()) {
            return Outcome.NOT_OURS;
        }
        try {
            return PrivateFiles.remove(file) ? Outcome.WITHDRAWN : Outcome.ALREADY_TAKEN;
        } catch (IOException failed) {
            return Outcome.FAILED;
        }
    }
}
