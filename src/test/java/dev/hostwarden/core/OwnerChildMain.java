package dev.hostwarden.core;

import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.List;

/**
 * A child JVM owner for multi-process tests: claims a role's host lock in a directory, optionally
 * publishes its record (token first), prints {@code READY pid=N} and holds everything until its
 * stdin closes. Arguments: {@code DIR ROLE publish|lock-only [TOKEN [HOME]]}.
 */
public final class OwnerChildMain {
    private OwnerChildMain() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Role role = Role.parse(args[1]);
        boolean publish = args[2].equals("publish");
        String token = args.length > 3 ? args[3] : "";
        String home = args.length > 4 ? args[4] : "";
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(dir), ProcessInspector.system());
        ClaimResult claim = rendezvous.claimHostLock(role);
        if (!claim.acquired()) {
            System.out.println("CLAIM " + claim.outcome());
            System.exit(75);
        }
        if (publish && rendezvous.publishRecord(role, "", null, List.of("default"), token, home) == null) {
            System.out.println("PUBLISH FAILED");
            System.exit(1);
        }
        System.out.println("READY pid=" + Platform.currentPid());
        System.out.flush();
        while (System.in.read() >= 0) {
            // Hold the lock until the test closes our stdin (or kills us).
        }
        rendezvous.releaseHostLock(role);
    }
}
