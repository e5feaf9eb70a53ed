package dev.hostwarden.history;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.List;

/**
 * One call per transition, for the processes that cause or watch them: a Hostwarden owner
 * ({@link #started}, {@link #stopped}), the actions ({@code dev.hostwarden.actions}: stop requested,
 * restarted, launched, retracted, …, each naming its {@link Actor}) and an observer such as the panel
 * ({@link #observe}). Each call appends at most one line and never throws.
 */
public final class OwnershipHistory {
    private final HistoryLog log;
    private final Path lockDir;

    /** Events about the owners of {@code lockDir}'s roles, each line naming it: one user's history holds every directory. */
    public OwnershipHistory(HistoryLog log, Path lockDir) {
        this.log = log;
        this.lockDir = lockDir;
    }

    /** The history of the user this process runs as, about {@code lockDir}'s owners. */
    public static OwnershipHistory forUser(Path lockDir) {
        return new OwnershipHistory(HistoryLog.forUser(Environment.system()), lockDir);
    }

    private void append(HistoryEvent event) {
        log.append(event.withLockDir(lockDir));
    }

    public HistoryLog log() {
        return log;
    }

    public Path lockDir() {
        return lockDir;
    }

    /** A Hostwarden owner published its record. */
    public void started(HostRecord record) {
        append(HistoryEvent.of(EventType.STARTED, record.role(), record.pid())
                .withOwner(record.startTime(), record.profiles(), record.home()));
    }

    /** An owner ended; {@code exitCode} null when the writer is not the owner and cannot know it. */
    public void stopped(Role role, long pid, Integer exitCode) {
        append(HistoryEvent.of(EventType.STOPPED, role, pid).withExitCode(exitCode));
    }

    /**
     * The owner {@code record} names ended, its incarnation recorded: {@code by} is whoever asked it to
     * (the writer of the marker it obeyed, or an action), null when nobody did; {@code forced} when the
     * end was forced (reason FORCED).
     */
    public void stopped(HostRecord record, Integer exitCode, Actor by, boolean forced) {
        append(HistoryEvent.of(EventType.STOPPED, record.role(), record.pid()).withOwner(record.startTime(), null, null).withExitCode(exitCode)
                .withActor(by).withReason(forced ? "FORCED" : null));
    }

    /** {@code by} asked the owner {@code record} names to stop (wrote its planned-stop marker). */
    public void stopRequested(HostRecord record, Actor by) {
        append(HistoryEvent.of(EventType.STOP_REQUESTED, record.role(), record.pid()).withOwner(record.startTime(), null, null).withActor(by));
    }

    /** {@code by} took back its stop request before the owner acted on it: the owner keeps running. */
    public void stopCancelled(Role role, long pid, Actor by) {
        append(HistoryEvent.of(EventType.STOP_CANCELLED, role, pid).withActor(by));
    }

    /** {@code by} restarted the role: {@code newPid} is proven live in place of {@code oldPid}. */
    public void restarted(Role role, Long oldPid, long newPid, Actor by) {
        append(HistoryEvent.of(EventType.RESTARTED, role, newPid).withPrevious(oldPid).withActor(by));
    }

    /** {@code by} started the role where no owner ran: {@code newPid} is proven live. */
    public void launched(Role role, long newPid, Actor by) {
        append(HistoryEvent.of(EventType.LAUNCHED, role, newPid).withActor(by));
    }

    /** {@code by} removed the record (and token) of the dead owner {@code pid} (null when the record named none). */
    public void retracted(Role role, Long pid, Actor by) {
        append(HistoryEvent.of(EventType.RETRACTED, role, pid).withActor(by));
    }

    /** {@code by} removed an expired planned-stop marker from {@code home}; {@code pid} is the process it named. */
    public void markerCleared(Path home, Long pid, Actor by) {
        append(HistoryEvent.of(EventType.MARKER_CLEARED, Role.GATEWAY, pid).withOwner(null, null, home.toString()).withActor(by));
    }

    /** {@code by} had the gateway owner {@code ownerPid} re-read its profiles; it now serves {@code profiles}. */
    public void rescanned(Long ownerPid, List<String> profiles, Actor by) {
        append(HistoryEvent.of(EventType.RESCANNED, Role.GATEWAY, ownerPid).withOwner(null, profiles, null).withActor(by));
    }

    /** A supervisor saw the owner {@code pid} end unasked ({@code exitCode} when known, {@code reason} the verdict's code). */
    public void crashed(Role role, long pid, Integer exitCode, String reason, String how, Actor by) {
        append(HistoryEvent.of(EventType.CRASHED, role, pid).withExitCode(exitCode).withReason(reason).withDetail(how).withActor(by));
    }

    /** A supervisor's attempt {@code attempt} launched {@code newPid}, proven live, in place of {@code replaced} (null: none). */
    public void supervisedStart(Role role, long newPid, int attempt, Long replaced, Actor by) {
        append(HistoryEvent.of(EventType.SUPERVISED_START, role, newPid).withAttempt(attempt).withPrevious(replaced).withActor(by));
    }

    /** A supervisor gave up after {@code failedStarts} failed starts; {@code why} names the window and the last exit. */
    public void gaveUp(Role role, int failedStarts, Integer lastExitCode, String why, Actor by) {
        append(HistoryEvent.of(EventType.GAVE_UP, role, null).withAttempt(failedStarts).withExitCode(lastExitCode).withDetail(why).withActor(by));
    }

    /**
     * What an observer saw of a role, written only when it changed since the role's previous line:
     * the panel calls this with each refresh's report. A record whose owner is still starting is an
     * owner appearing; LIVE is the owner proven live; STALE carries its first reason code; a lock
     * held without a record is said as such. Other verdicts (no owner, unprovable, unusable) say
     * nothing new about ownership and write nothing.
     */
    public void observe(RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        switch (report.verdict()) {
            case STARTING, LIVE -> {
                if (record != null) {
                    EventType type = report.verdict() == Verdict.LIVE ? EventType.LIVE : EventType.APPEARED;
                    append(HistoryEvent.of(type, report.role(), record.pid()).withOwner(record.startTime(), record.profiles(), record.home()));
                }
            }
            case STALE -> append(HistoryEvent.of(EventType.STALE, report.role(), record == null ? null : record.pid())
                    .withReason(report.reasons().isEmpty() ? null : report.reasons().get(0).code().name()));
            default -> {
                if (report.hasReason(ReasonCode.LOCK_HELD_NO_RECORD)) {
                    append(HistoryEvent.of(EventType.LOCK_WITHOUT_RECORD, report.role(), report.lock().holderPid()));
                }
            }
        }
    }
}
