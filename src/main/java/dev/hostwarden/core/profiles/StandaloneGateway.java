package dev.hostwarden.core.profiles;

import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.process.ProcessInspector;
import java.nio.file.Path;

/**
 * A gateway of its own holding one home's {@code gateway.lock}, beside (or without) the host owner.
 *
 * @param pid    the holder: the kernel's word where it names one (Linux {@code /proc/locks}), else the
 *               PID written in the lock file, or null when neither is known
 * @param proven true only when the kernel names the holder
 * @param why    how the holder was found, in plain words
 */
public record StandaloneGateway(Long pid, boolean proven, String why) {

    /**
     * The standalone gateway of {@code home} from its lock probe, or null when the lock is not held
     * or its holder is the host owner itself ({@code ownerPid}).
     */
    static StandaloneGateway of(Path home, LockProbe lock, Long ownerPid, ProcessInspector inspector) {
        if (lock.state() != LockState.HELD) {
            return null;
        }
        PidRecordFile content = PidRecordFile.read(GatewayRuntimeLock.pathFor(home));
        Long written = content instanceof PidRecordFile.Found found ? found.pid() : null;
        Long holder = lock.holderPid();
        if (holder != null) {
            if (holder.equals(ownerPid)) {
                return null;
            }
            String file = written == null ? "" : written.equals(holder) ? ", as the lock file says"
                    : "; the lock file names PID " + written + " instead";
            return new StandaloneGateway(holder, true, lock.detail() + file);
        }
        if (written != null) {
            if (written.equals(ownerPid)) {
                return null;
            }
            Long start = ((PidRecordFile.Found) content).startTime();
            return new StandaloneGateway(written, false, "the lock is held (" + lock.detail() + "); the lock file names PID " + written
                    + " (" + ProcessMatch.of(written, start, inspector).describe(written) + "), which the kernel does not confirm");
        }
        String file = content instanceof PidRecordFile.Unusable unusable ? "; the lock file " + unusable.why() : "";
        return new StandaloneGateway(null, false, "the lock is held (" + lock.detail() + ") by a process that cannot be named" + file);
    }
}
