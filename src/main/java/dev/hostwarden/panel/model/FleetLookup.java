package dev.hostwarden.panel.model;

import dev.hostwarden.core.RoleReport;

/**
 * What the fleet adds to one role's card at a refresh. An interface of the panel's own, so that a
 * panel without a fleet loads no fleet class: only {@link PanelFleet} reaches the fleet package.
 */
public interface FleetLookup {
    /** Runs on the background executor, one call per role per refresh; reads etcd, writes nothing. */
    Look look(RoleReport local);

    /** The host's report with the fleet's reasons appended, and the card's one fleet line. */
    record Look(RoleReport report, String line) {
    }
}
