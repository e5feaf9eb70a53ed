package dev.hostwarden.core.profiles;

import dev.hostwarden.core.lock.LockProbe;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything the profiles view shows for one home.
 *
 * @param problem    "" or why the home cannot be read or its name is odd
 * @param served     served by the live gateway owner: true, false, or null when it cannot be known
 * @param servedWhy  why {@code served} is what it is
 * @param lock       the home's {@code gateway.lock} (null for a home that cannot be read)
 * @param standalone a gateway of its own holding that lock, or null
 * @param marker     the planned-stop marker, or null when there is none
 */
public record ProfileState(String name, Path home, String problem, Boolean served, String servedWhy, LockProbe lock,
                           StandaloneGateway standalone, MarkerView marker, List<Leftover> leftovers) {
    public ProfileState {
        leftovers = List.copyOf(leftovers);
    }
}
