package dev.hostwarden.panel.model;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.lock.GatewayRuntimeLock;
import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One hermes home (the root or a {@code profiles/<name>} home): its per-home {@code gateway.lock} and
 * its planned-stop marker, if any, with whether the marker names the live owner.
 *
 * @param markerTarget plain-language note on whom the marker names, or "" without a marker
 */
public record HomeStatus(String profile, Path home, LockProbe runtimeLock, PidMarker.Read marker, String markerTarget) {

    /** Reads every home under {@code root} (read-only); {@code gateway} is the host gateway's current report. */
    public static List<HomeStatus> scan(Path root, RoleReport gateway, ProcessInspector inspector) {
        List<HomeStatus> homes = new ArrayList<>();
        for (HermesHome.Profile profile : HermesHome.profiles(root)) {
            LockProbe lock = GatewayRuntimeLock.probe(profile.home());
            PidMarker.Read marker = PlannedStopMarker.forHome(profile.home()).peek();
            String target = marker instanceof PidMarker.Found found ? describeTarget(found.contents(), gateway, lock, inspector) : "";
            homes.add(new HomeStatus(profile.name(), profile.home(), lock, marker, target));
        }
        return homes;
    }

    /** Whether the marker names the live owner: the host gateway or this home's runtime-lock holder. */
    static String describeTarget(PidMarker.Contents marker, RoleReport gateway, LockProbe lock, ProcessInspector inspector) {
        long pid = marker.targetPid();
        HostRecord owner = gateway == null ? null : gateway.record().recordOrNull();
        boolean liveOwner = owner != null && gateway.verdict() == Verdict.LIVE && owner.pid() == pid;
        boolean homeHolder = lock.state() == LockState.HELD && lock.holderPid() != null && lock.holderPid() == pid;
        String fingerprint = "";
        if (marker.targetStartTime() != null) {
            Long actual = inspector.startTicks(pid);
            if (actual != null && !Objects.equals(actual, marker.targetStartTime())) {
                return "names PID " + pid + " started at " + marker.targetStartTime() + ", but PID " + pid
                        + " now started at " + actual + ": not the live owner (PID reused)";
            }
            fingerprint = actual == null ? " (start time not checkable)" : " (start time " + actual + " matches)";
        }
        if (liveOwner) {
            return "names the live host gateway, PID " + pid + fingerprint;
        }
        if (homeHolder) {
            return "names PID " + pid + ", the holder of this home's gateway.lock" + fingerprint;
        }
        String live = owner != null && gateway.verdict() == Verdict.LIVE ? "the live owner is PID " + owner.pid() : "no live host gateway";
        return "names PID " + pid + ", not the live owner (" + live + ")";
    }

    /** The marker's contents when a well-formed one is there, else null. */
    public PidMarker.Contents markerContents() {
        return marker instanceof PidMarker.Found found ? found.contents() : null;
    }

    /** Why the file at the marker path cannot be obeyed, or null (absent or well-formed). */
    public String markerProblem() {
        if (marker instanceof PidMarker.Unusable unusable) {
            return "unusable marker: " + unusable.why();
        }
        return marker instanceof PidMarker.InvalidTarget invalid ? "unusable marker: " + invalid.why() : null;
    }

    /** "age 12 s, expires in 48 s", "age 3 min, expired (TTL 60 s)", or why the age is unknown. */
    public String markerAge() {
        PidMarker.Contents found = markerContents();
        if (found == null) {
            return "";
        }
        if (found.age() == null) {
            return "written_at '" + found.writtenAt() + "' unreadable: counts as expired";
        }
        long age = found.age().toSeconds();
        long ttl = PidMarker.TTL.toSeconds();
        return found.expired() ? "age " + Describe.duration(age) + ", expired (TTL " + ttl + " s)"
                : "age " + Describe.duration(age) + ", expires in " + (ttl - age) + " s";
    }
}
