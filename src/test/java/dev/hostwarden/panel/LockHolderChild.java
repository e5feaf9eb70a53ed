package dev.hostwarden.panel;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A live owner in a child JVM: claims {@code ROLE}'s host lock in {@code LOCK_DIR} through the core,
 * publishes its record, prints {@code READY pid=N}, and holds on until its stdin closes; then it
 * clears its record and releases the lock. Usage: {@code LockHolderChild LOCK_DIR ROLE [HOME]}.
 */
public final class LockHolderChild {
    private LockHolderChild() {
    }

    public static void main(String[] args) throws IOException {
        Role role = Role.parse(args[1]);
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(Path.of(args[0])), ProcessInspector.system());
        ClaimResult claim = rendezvous.claimHostLock(role);
        if (!claim.acquired()) {
            System.out.println("NOT_ACQUIRED " + claim.outcome());
            System.exit(75);
        }
        String home = args.length > 2 ? args[2] : "";
        if (rendezvous.publishRecord(role, "127.0.0.1", role.servesHttp() ? 9119 : null, List.of("default", "work"),
                "child-token-" + ProcessHandle.current().pid(), home) == null) {
            System.out.println("NOT_PUBLISHED");
            System.exit(1);
        }
        System.out.println("READY pid=" + ProcessHandle.current().pid());
        System.out.flush();
        while (System.in.read() >= 0) {
            // Hold the lock until the parent closes our stdin (or kills us).
        }
        rendezvous.clearOwnRecord(role);
        rendezvous.releaseHostLock(role);
    }
}
