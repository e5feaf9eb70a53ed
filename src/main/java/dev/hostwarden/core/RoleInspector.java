package dev.hostwarden.core;

import dev.hostwarden.core.lock.LockProbe;
import dev.hostwarden.core.lock.LockState;
import dev.hostwarden.core.lock.ProcLocks;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.proof.Check;
import dev.hostwarden.core.proof.CheckResult;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.proof.Incarnation;
import dev.hostwarden.core.proof.Liveness;
import dev.hostwarden.core.proof.OwnerProbe;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordRead;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Builds a {@link RoleReport}: the verdict of the command-line contract, from the record, the lock
 * and the liveness proof. Strictly read-only: it creates, changes and deletes nothing, takes no lock
 * another process could see (Linux reads {@code /proc/locks}) and signals nobody.
 */
public final class RoleInspector {
    /** How long {@code status} waits for an owner's endpoint. */
    public static final Duration ENDPOINT_TIMEOUT = Duration.ofSeconds(1);
    /** How often a STALE or NO_OWNER answer is looked at again while the lock keeps changing under it. */
    private static final int MOMENT_ATTEMPTS = 3;

    private final HostRendezvous rendezvous;
    private final boolean askEndpoint;

    public RoleInspector(HostRendezvous rendezvous, boolean askEndpoint) {
        this.rendezvous = rendezvous;
        this.askEndpoint = askEndpoint;
    }

    public List<RoleReport> inspectAll(List<Role> roles) {
        List<RoleReport> reports = new ArrayList<>();
        for (Role role : roles) {
            reports.add(inspect(role));
        }
        return reports;
    }

    /**
     * One role's report, as of one moment. The lock is probed before the record is read and the
     * PID judged, so an owner starting or exiting in between could make the document mix two
     * moments (a lock held by the recorded PID beside a STALE verdict). A STALE or NO_OWNER answer
     * is therefore confirmed by probing the lock again: when it changed, the role is inspected
     * afresh (a few times at most); when the recorded PID still holds it although it reads as
     * exited, that owner is stopping, which is reported as such and never as stale; when it holds it
     * alive but as another incarnation than the record's, that is what the report says.
     */
    public RoleReport inspect(Role role) {
        RoleReport report = inspectOnce(role);
        for (int attempt = 0; attempt < MOMENT_ATTEMPTS && saysNobodyOwns(report); attempt++) {
            LockProbe again = rendezvous.probeHostLock(role);
            if (again.state() == report.lock().state() && Objects.equals(again.holderPid(), report.lock().holderPid())) {
                break;
            }
            report = inspectOnce(role);
        }
        if (!heldByRecordedPid(report)) {
            return report;
        }
        return report.hasReason(ReasonCode.PID_DEAD) ? exiting(report) : otherIncarnation(report);
    }

    private static boolean saysNobodyOwns(RoleReport report) {
        return report.verdict() == Verdict.STALE || report.verdict() == Verdict.NO_OWNER;
    }

    /**
     * A STALE answer for a recorded PID that reads as exited (or not the recorded incarnation) while
     * the lock says that PID holds it. A proven incarnation that is stale only by its protocol
     * version is a live owner of another version: STALE in hermes' sense, and no moments mixed.
     */
    private static boolean heldByRecordedPid(RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        LockProbe lock = report.lock();
        return report.verdict() == Verdict.STALE && record != null && report.liveness().incarnation() != Incarnation.MATCH
                && lock.state() == LockState.HELD && lock.holderPid() != null && lock.holderPid() == record.pid();
    }

    /** The recorded PID holds the host lock yet reads as exited: it is stopping, not stale. */
    private RoleReport exiting(RoleReport stale) {
        long pid = stale.record().recordOrNull().pid();
        List<Check> checks = new ArrayList<>(stale.checks());
        checks.add(new Check("lockRecheck", CheckResult.FAIL, "after the liveness checks the host lock is still held by the recorded PID " + pid));
        List<Reason> reasons = new ArrayList<>(stale.reasons());
        reasons.add(new Reason(ReasonCode.OWNER_EXITING, "Owner PID " + pid + " still holds the host lock although it reads as exited:"
                + " it is stopping; ask again in a moment"));
        return report(stale.role(), Verdict.UNPROVABLE, stale.record(), stale.lock(), stale.liveness(), reasons, checks);
    }

    /**
     * The recorded PID holds the host lock and is alive, but it is not the incarnation the record
     * describes (another start time, another boot, no identity at all). Nothing says it is exiting:
     * the words say what was seen, and the verdict stays UNPROVABLE (the lock is held, so nothing is
     * retracted, and the record does not prove who the owner is).
     */
    private RoleReport otherIncarnation(RoleReport stale) {
        long pid = stale.record().recordOrNull().pid();
        List<Check> checks = new ArrayList<>(stale.checks());
        checks.add(new Check("lockRecheck", CheckResult.FAIL, "after the liveness checks the host lock is still held by the recorded PID "
                + pid + ", which is alive but not the recorded incarnation"));
        List<Reason> reasons = new ArrayList<>(stale.reasons());
        reasons.add(new Reason(ReasonCode.HOLDER_NOT_RECORDED_INCARNATION, "The host lock is held by PID " + pid
                + ", the recorded PID, but it is not the recorded incarnation: the record does not describe the process that holds the lock"));
        return report(stale.role(), Verdict.UNPROVABLE, stale.record(), stale.lock(), stale.liveness(), reasons, checks);
    }

    private RoleReport inspectOnce(Role role) {
        RendezvousDir dir = rendezvous.dir();
        List<Check> checks = new ArrayList<>();
        List<Reason> reasons = new ArrayList<>();
        Reason unusable = unusableDirectory(dir);
        if (unusable != null) {
            checks.add(new Check("lockDir", CheckResult.FAIL, unusable.message()));
            reasons.add(unusable);
            LockProbe unknown = new LockProbe(dir.lockPath(role), LockState.UNKNOWN, null, false, "the lock directory cannot be used");
            return report(role, Verdict.UNUSABLE, new RecordRead.Absent(), unknown, noLiveness(), reasons, checks);
        }
        checks.add(new Check("lockDir", CheckResult.PASS, dir.path() + " (from " + dir.source() + ")"));
        LockProbe lock = rendezvous.probeHostLock(role);
        checks.add(lockCheck(lock));
        if (lock.state() == LockState.UNKNOWN) {
            reasons.add(new Reason(ReasonCode.LOCK_DIR_UNUSABLE, "The lock file cannot be used: " + lock.detail()));
            return report(role, Verdict.UNUSABLE, new RecordRead.Absent(), lock, noLiveness(), reasons, checks);
        }

        RecordRead read = rendezvous.read(role);
        if (read instanceof RecordRead.Foreign foreign) {
            checks.add(new Check("recordFile", CheckResult.SKIPPED, foreign.message()));
            reasons.add(new Reason(ReasonCode.FOREIGN_OWNER_FILE, "The record is not written by this user and is ignored: " + foreign.message()));
        }
        if (read instanceof RecordRead.Absent || read instanceof RecordRead.Foreign) {
            if (read instanceof RecordRead.Absent) {
                checks.add(new Check("recordFile", CheckResult.FAIL, "no record at " + dir.recordPath(role)));
            }
            if (lock.state() == LockState.HELD) {
                reasons.add(new Reason(ReasonCode.LOCK_HELD_NO_RECORD, "The host lock is held" + byHolder(lock)
                        + " but no record is published (yet)"));
                return report(role, Verdict.STARTING, read, lock, noLiveness(), reasons, checks);
            }
            reasons.add(new Reason(ReasonCode.NO_RECORD, "No owner published"));
            return report(role, Verdict.NO_OWNER, read, lock, noLiveness(), reasons, checks);
        }
        if (read instanceof RecordRead.Corrupt corrupt) {
            checks.add(new Check("recordFile", CheckResult.FAIL, corrupt.message()));
            reasons.add(new Reason(ReasonCode.CORRUPT_RECORD, "The record is unusable and ignored: " + corrupt.message()));
            Verdict verdict = lock.state() == LockState.HELD ? Verdict.UNPROVABLE : Verdict.STALE;
            return report(role, verdict, read, lock, noLiveness(), reasons, checks);
        }

        HostRecord record = read.recordOrNull();
        checks.add(new Check("recordFile", CheckResult.PASS, "valid record for PID " + record.pid()));
        Liveness liveness = rendezvous.judge(record);
        checks.addAll(liveness.checks());
        reasons.addAll(liveness.reasons());
        if (!rendezvous.store().tokenIsConsistent(record)) {
            checks.add(new Check("token", CheckResult.FAIL, "the token file does not match fingerprint " + record.tokenFingerprint()));
            reasons.add(new Reason(ReasonCode.TOKEN_MISMATCH, "The token on disk does not belong to this record (torn restart)"));
        } else {
            checks.add(new Check("token", CheckResult.PASS, record.tokenFingerprint().isEmpty()
                    ? "the record carries no token fingerprint" : "token fingerprint " + record.tokenFingerprint() + " matches"));
        }

        Verdict verdict = verdictFor(record, liveness, lock, reasons, checks);
        if (verdict == Verdict.LIVE) {
            reasons.add(0, new Reason(ReasonCode.LIVE, "Owner PID " + record.pid() + " serving"
                    + (record.profiles().isEmpty() ? " no profiles" : ": " + String.join(", ", record.profiles()))));
            if (lock.holderPid() != null && lock.holderPid() != record.pid()) {
                checks.add(new Check("holderPid", CheckResult.FAIL, "lock held by PID " + lock.holderPid() + ", record names " + record.pid()));
                reasons.add(new Reason(ReasonCode.HOLDER_MISMATCH, "The host lock is held by PID " + lock.holderPid()
                        + ", not by the recorded PID " + record.pid()));
            }
            endpointCheck(record, checks, reasons);
        } else {
            checks.add(new Check("endpoint", CheckResult.SKIPPED, "only a live owner is asked"));
        }
        return report(role, verdict, read, lock, liveness, reasons, checks);
    }

    private static Verdict verdictFor(HostRecord record, Liveness liveness, LockProbe lock, List<Reason> reasons,
                                      List<Check> checks) {
        boolean held = lock.state() == LockState.HELD;
        if (liveness.incarnation() == Incarnation.MISMATCH || (liveness.stale() && held)) {
            return Verdict.STALE;
        }
        if (!held && liveness.incarnation() == Incarnation.MATCH) {
            // The path shows a free lock, yet the proven owner may still hold the lock of a file
            // removed (or replaced) under it: alive, so neither STALE nor retractable.
            Path descriptor = Platform.current().hasProcFs() ? ProcLocks.orphanedLockDescriptor(record.pid(), lock.path()) : null;
            if (descriptor != null) {
                checks.add(new Check("lockFile", CheckResult.FAIL, "PID " + record.pid() + " holds a lock through " + descriptor
                        + ", a descriptor of the deleted " + lock.path()));
                reasons.add(new Reason(ReasonCode.UNPROVABLE, orphanedLockMessage(record.pid(), lock.path())));
                return Verdict.UNPROVABLE;
            }
        }
        if (!held) {
            reasons.add(new Reason(ReasonCode.LOCK_FREE_OWNER_GONE, "The host lock is free: the recorded owner PID "
                    + record.pid() + " is gone"));
            return Verdict.STALE;
        }
        return liveness.incarnation() == Incarnation.MATCH ? Verdict.LIVE : Verdict.UNPROVABLE;
    }

    /** Why a record whose PID holds the lock of a deleted or replaced lock file is not a dead owner's. */
    static String orphanedLockMessage(long pid, Path lockPath) {
        return "PID " + pid + " is alive and still holds the host lock on a deleted lock file (" + lockPath
                + "): the lock file was removed or replaced under a live owner; restart that owner to restore the lock";
    }

    private void endpointCheck(HostRecord record, List<Check> checks, List<Reason> reasons) {
        if (!askEndpoint) {
            checks.add(new Check("endpoint", CheckResult.SKIPPED, "not asked"));
            return;
        }
        boolean answered;
        String where;
        if (record.role().servesHttp()) {
            where = record.port() == null ? "no bound port" : record.dialHost() + ":" + record.port();
            answered = OwnerProbe.identifies(record, rendezvous.store().readToken(record.role()).orElse(""), ENDPOINT_TIMEOUT);
        } else {
            Path home;
            try {
                home = HermesHome.ownerHome(record);
            } catch (InvalidPathException unmappable) {
                // A home this JVM's file name encoding cannot express (a non-UTF-8 locale): not asked.
                checks.add(new Check("endpoint", CheckResult.UNPROVABLE, "the record's home cannot be used as a path here: "
                        + unmappable.getReason()));
                return;
            }
            Path socket = ControlSocket.pathFor(home);
            where = socket.toString();
            answered = ControlSocket.identifiesAt(socket, record.pid(), ENDPOINT_TIMEOUT);
        }
        if (answered) {
            checks.add(new Check("endpoint", CheckResult.PASS, where + " answered as PID " + record.pid() + " of " + record.role()));
        } else {
            checks.add(new Check("endpoint", CheckResult.FAIL, where + " did not answer as PID " + record.pid()));
            reasons.add(new Reason(ReasonCode.ENDPOINT_SILENT, "The owner's endpoint (" + where + ") did not answer as PID "
                    + record.pid() + " of role " + record.role() + "; it may still be starting"));
        }
    }

    private RoleReport report(Role role, Verdict verdict, RecordRead read, LockProbe lock, Liveness liveness,
                              List<Reason> reasons, List<Check> checks) {
        if (verdict == Verdict.UNUSABLE) {
            return new RoleReport(role, verdict, read, lock, liveness, reasons, checks, false, List.of(), null);
        }
        RetractResult preview = rendezvous.retractor().preview(role, lock, read);
        String manualFix = preview.refused() != null && preview.refused().code().equals(RetractResult.Refusal.RECORD_IS_DIRECTORY)
                ? preview.refused().message() : null;
        return new RoleReport(role, verdict, read, lock, liveness, reasons, checks, !preview.removed().isEmpty(), preview.removed(),
                manualFix);
    }

    private static Liveness noLiveness() {
        return new Liveness(Incarnation.NONE, false, false, List.of(), List.of());
    }

    private static Check lockCheck(LockProbe lock) {
        return switch (lock.state()) {
            case HELD -> new Check("hostLock", CheckResult.PASS, "held" + byHolder(lock) + " (" + lock.detail() + ")");
            case FREE -> new Check("hostLock", CheckResult.FAIL, "free (" + lock.detail() + ")");
            case ABSENT -> new Check("hostLock", CheckResult.FAIL, "no lock file at " + lock.path());
            default -> new Check("hostLock", CheckResult.UNPROVABLE, lock.detail());
        };
    }

    private static String byHolder(LockProbe lock) {
        if (lock.ownedByThisProcess()) {
            return " by this process";
        }
        return lock.holderPid() == null ? "" : " by PID " + lock.holderPid();
    }

    /**
     * Why the rendezvous directory cannot be used, or null. A missing directory is usable (nothing
     * published yet); a path through a regular file, an unreadable directory, or another user's
     * directory (which run refuses to write into) is not.
     */
    static Reason unusableDirectory(RendezvousDir dir) {
        Path path = dir.path();
        Path existing = path;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return null;
        }
        if (!Files.isDirectory(existing)) {
            return new Reason(ReasonCode.LOCK_DIR_UNUSABLE, "The lock directory " + path + " cannot be used: "
                    + existing + " is not a directory");
        }
        if (existing.equals(path) && !(Files.isReadable(path) && Files.isExecutable(path))) {
            return new Reason(ReasonCode.LOCK_DIR_UNUSABLE, "The lock directory " + path + " cannot be used: permission denied");
        }
        String foreign = existing.equals(path) ? dir.foreignOwner() : null;
        return foreign == null ? null : new Reason(ReasonCode.LOCK_DIR_UNUSABLE, Character.toUpperCase(foreign.charAt(0)) + foreign.substring(1));
    }
}
