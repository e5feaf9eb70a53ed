package dev.hostwarden.panel.model;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.health.PlatformState;
import dev.hostwarden.history.Actor;
import dev.hostwarden.report.Redactor;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A change of ownership worth a desktop notification: an owner appeared, was stopped on purpose, died
 * or turned stale.
 *
 * @param stoppedBy who asked the owner to stop (STOPPED only), else null
 */
public record OwnershipEvent(Role role, Kind kind, String message, Actor stoppedBy) {

    /**
     * STOPPED: an owner ended after someone asked it to (a planned stop); DIED: it ended unasked;
     * GAVE_UP: the role's supervisor stopped starting new owners after too many failed starts;
     * PLATFORM_FAILED / PLATFORM_RECOVERED: a live gateway's platform went from connected to failing
     * (or needing attention) and back.
     */
    public enum Kind { APPEARED, STOPPED, DIED, TURNED_STALE, REPLACED, GAVE_UP, PLATFORM_FAILED, PLATFORM_RECOVERED }

    /** The platform events between two refreshes of the gateway: a platform that left or came back to connected. */
    public static List<OwnershipEvent> platformsBetween(Role role, List<PlatformState> before, List<PlatformState> after, Redactor redactor) {
        List<OwnershipEvent> events = new ArrayList<>();
        for (PlatformState now : after) {
            PlatformState was = before.stream().filter(old -> old.name().equals(now.name()) && old.profile().equals(now.profile()))
                    .findFirst().orElse(null);
            if (was == null) {
                continue;
            }
            boolean failing = now.condition() == PlatformState.Condition.FAILED || now.condition() == PlatformState.Condition.NEEDS_ATTENTION;
            if (was.condition() == PlatformState.Condition.CONNECTED && failing) {
                events.add(new OwnershipEvent(role, Kind.PLATFORM_FAILED, role + ": " + now.describe() + " "
                        + (now.needsAttention() ? "needs attention" : "is " + now.state())
                        + (now.errorCode() == null ? "" : ": " + now.errorCode())
                        + (now.errorMessage() == null ? "" : " (" + redactor.redact(now.errorMessage()) + ")")));
            } else if (was.condition() != PlatformState.Condition.CONNECTED && was.condition() != PlatformState.Condition.CONNECTING
                    && now.condition() == PlatformState.Condition.CONNECTED) {
                events.add(new OwnershipEvent(role, Kind.PLATFORM_RECOVERED, role + ": " + now.describe() + " is connected again"));
            }
        }
        return events;
    }

    public OwnershipEvent(Role role, Kind kind, String message) {
        this(role, kind, message, null);
    }

    /** The event between two consecutive reports of one role, if any; nobody asked any owner to stop. */
    public static Optional<OwnershipEvent> between(RoleReport before, RoleReport after) {
        return between(before, after, null);
    }

    /**
     * The event between two consecutive reports of one role, if any. An owner that ends after
     * {@code stoppedBy} asked it to (non-null) was stopped, not lost.
     */
    public static Optional<OwnershipEvent> between(RoleReport before, RoleReport after, Actor stoppedBy) {
        Optional<OwnershipEvent> seen = unasked(before, after);
        if (stoppedBy != null && seen.isPresent()
                && (seen.get().kind() == Kind.DIED || seen.get().kind() == Kind.TURNED_STALE) && before.verdict() == Verdict.LIVE) {
            Long owner = pid(before);
            String how = owner != null && owner == stoppedBy.pid() ? " ended on its own as planned (" + stoppedBy.command() + ")"
                    : " was stopped by " + stoppedBy.describe();
            return Optional.of(new OwnershipEvent(after.role(), Kind.STOPPED, after.role() + ": owner PID " + owner + how, stoppedBy));
        }
        return seen;
    }

    private static Optional<OwnershipEvent> unasked(RoleReport before, RoleReport after) {
        if (before == null) {
            return Optional.empty();
        }
        Role role = after.role();
        Long oldPid = pid(before);
        Long newPid = pid(after);
        boolean wasLive = before.verdict() == Verdict.LIVE;
        boolean isLive = after.verdict() == Verdict.LIVE;
        if (!wasLive && isLive) {
            return Optional.of(new OwnershipEvent(role, Kind.APPEARED, role + ": owner PID " + newPid + " is live"));
        }
        if (wasLive && isLive && !oldPid.equals(newPid)) {
            return Optional.of(new OwnershipEvent(role, Kind.REPLACED, role + ": owner PID " + oldPid + " replaced by PID " + newPid));
        }
        if (wasLive && after.verdict() == Verdict.STALE) {
            return Optional.of(new OwnershipEvent(role, Kind.TURNED_STALE, role + ": owner PID " + oldPid + " turned stale ("
                    + (after.reasons().isEmpty() ? "no reason given" : after.reasons().get(0).message()) + ")"));
        }
        if (wasLive && !isLive) {
            return Optional.of(new OwnershipEvent(role, Kind.DIED, role + ": owner PID " + oldPid + " is gone ("
                    + after.verdict() + ")"));
        }
        if (before.verdict() != Verdict.STALE && after.verdict() == Verdict.STALE) {
            return Optional.of(new OwnershipEvent(role, Kind.TURNED_STALE, role + ": the record of PID " + newPid + " is stale"));
        }
        return Optional.empty();
    }

    private static Long pid(RoleReport report) {
        HostRecord record = report.record().recordOrNull();
        return record == null ? null : record.pid();
    }
}
