package dev.hostwarden.panel.model;

import java.util.Optional;
import oshi.SystemInfo;
import oshi.software.os.OSProcess;
import oshi.software.os.OperatingSystem;

/**
 * {@link ProcessDescriber} through OSHI, which also gives Windows command lines. OSHI's first call
 * loads JNA (a quarter second), so the operating system handle is created on first use, on the
 * caller's (background) thread, and kept.
 */
public final class OshiProcessDescriber implements ProcessDescriber {
    private volatile OperatingSystem os;

    @Override
    public Optional<HolderInfo> describe(long pid) {
        try {
            OSProcess process = operatingSystem().getProcess((int) pid);
            if (process == null) {
                return Optional.empty();
            }
            return Optional.of(new HolderInfo(pid, process.getName(), process.getCommandLine(), process.getUser()));
        } catch (RuntimeException | LinkageError unavailable) {
            // No native access on this platform: the holder stays a bare PID.
            return Optional.empty();
        }
    }

    private OperatingSystem operatingSystem() {
        OperatingSystem current = os;
        if (current == null) {
            synchronized (this) {
                if (os == null) {
                    os = new SystemInfo().getOperatingSystem();
                }
                current = os;
            }
        }
        return current;
    }
}
