package dev.hostwarden.fleet;

import dev.hostwarden.core.Reason;
import dev.hostwarden.core.Role;
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
}
