package dev.hostwarden.testsupport;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.OwnerControl;

/** The actions a test drives, recorded in the test JVM's history (target/test-state unless the test says otherwise). */
public final class TestActions {
    private TestActions() {
    }

    /** Retract and fixes only: no owner control. */
    public static Actions of(HostRendezvous rendezvous) {
        return of(rendezvous, null);
    }

    public static Actions of(HostRendezvous rendezvous, OwnerControl control) {
        return new Actions(rendezvous, control, OwnershipHistory.forUser(rendezvous.dir().path()), Actor.thisProcess("a test"));
    }
}
