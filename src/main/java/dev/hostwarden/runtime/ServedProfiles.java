package dev.hostwarden.runtime;

import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.record.Role;
import java.lang.System.Logger.Level;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The profiles an owner serves: those given with --profiles, or (a multiplexing gateway) the homes it finds at start and on each rescan. */
public final class ServedProfiles {
    // The owner's logger: its log lines keep the name they always had, whichever class writes them.
    private static final System.Logger LOG = System.getLogger(HostOwner.class.getName());

    /** Whose record a rescan publishes again, under whose monitor. */
    private final HostOwner owner;
    private final Role role;
    private final Path home;
    /** The profiles given with --profiles; empty for a gateway that multiplexes every home it finds. */
    private final List<String> profiles;
    /** What this owner serves now: the given list, or (multiplexing) the homes found at start or the last rescan. */
    private volatile List<String> served;

    ServedProfiles(HostOwner owner, Role role, Path home, List<String> profiles) {
        this.owner = owner;
        this.role = role;
        this.home = home;
        this.profiles = List.copyOf(profiles);
        this.served = this.profiles;
    }

    /** The profiles served now. */
    List<String> now() {
        return served;
    }

    /** At start, before the claim: a multiplexing gateway serves the homes it finds; a given list stays. */
    void discover() {
        if (multiplexes()) {
            served = ProfileHomes.servable(home);
        }
    }

    /**
     * hermes' {@code rescan-profiles}: a multiplexing gateway reads {@code profiles/} again and, when
     * the set changed, publishes its record again with the new served set (same token). With
     * --profiles the list stays as given. Returns the served set.
     */
    List<String> rescan() {
        // The owner's monitor: a rescan, the publication guard and close() never run at once.
        synchronized (owner) {
            if (!multiplexes() || !owner.isServing()) {
                return served;
            }
            List<String> found = ProfileHomes.servable(home);
            if (found.equals(served)) {
                return served;
            }
            if (owner.ownsHostLock() && owner.publishAgain(found) == null) {
                LOG.log(Level.WARNING, "rescan found {0} but the record could not be published again; still serving {1}",
                        describe(found), describe(served));
                return served;
            }
            LOG.log(Level.INFO, "rescan: now serving {0} (was {1})", describe(found), describe(served));
            served = found;
            return served;
        }
    }

    /** A gateway without --profiles serves the root home and every profile home it finds, as hermes' multiplexer. */
    private boolean multiplexes() {
        return role == Role.GATEWAY && profiles.isEmpty();
    }

    /** The served profiles as the log reads them. */
    static String describe(List<String> profiles) {
        return profiles.isEmpty() ? "no profiles" : "profiles " + String.join(", ", profiles);
    }

    /** The profiles given as {@code a,b}: trimmed, empty parts rejected. */
    public static List<String> parseProfiles(String text) throws OwnerStartException {
        List<String> names = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return names;
        }
        for (String part : text.split(",", -1)) {
            String name = part.strip();
            if (name.isEmpty()) {
                throw OwnerStartException.config("profiles '" + text + "' contain an empty name");
            }
            names.add(name);
        }
        return names;
    }
}
