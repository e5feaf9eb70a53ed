package dev.hostwarden.core.proof;

import java.util.List;

/**
 * The judged incarnation of a record with the checks that decided it.
 *
 * @param stale  hermes' {@code record_is_stale}: protocol mismatch or a proven mismatch
 * @param proven hermes' {@code liveness_is_proven}: exactly a proven match
 */
public record Liveness(Incarnation incarnation, boolean proven, boolean stale, List<Check> checks, List<Reason> reasons) {
    public Liveness {
        checks = List.copyOf(checks);
        reasons = List.copyOf(reasons);
    }
}
