package dev.hostwarden.fleet;

import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.record.Role;
import java.util.ArrayList;
import java.util.List;

/**
 * What the fleet says about one role: who holds its key, for how much longer, at which revision, and
 * what that means for this machine.
 *
 * @param holder      the key's holder, or null when the key is absent or the fleet unreachable
 * @param ttlLeft     seconds left on the holder's lease, or -1 when unknown
 * @param revision    the key's create revision (the fencing token), or 0 when absent
 * @param heldHere    the key names this machine's local owner
 */
public record FleetSection(Role role, String endpoints, String key, State state, FleetHolder holder, long ttlLeft, long revision,
        List<Reason> reasons) {
    public enum State { FREE, HELD_HERE, HELD_ELSEWHERE, FENCED, UNREACHABLE }

    public FleetSection {
        reasons = List.copyOf(reasons);
    }

    /** The host's report with the fleet's reasons after the host's own; the host verdict is unchanged. */
    public RoleReport appliedTo(RoleReport local) {
        List<Reason> all = new ArrayList<>(local.reasons());
        all.addAll(reasons);
        return new RoleReport(local.role(), local.verdict(), local.record(), local.lock(), local.liveness(), all, local.checks(),
                local.retractable(), local.retractPaths(), local.manualFix());
    }

    /** One line for a role card: state, key, holder, revision and lease time left, as far as they are known. */
    public String line() {
        StringBuilder line = new StringBuilder(state.name()).append(' ').append(key);
        if (holder != null) {
            line.append(" · ").append(holder.describe()).append(" · revision ").append(revision);
        }
        if (ttlLeft >= 0) {
            line.append(" · ").append(ttlLeft).append(" s left");
        }
        return line.toString();
    }
}
