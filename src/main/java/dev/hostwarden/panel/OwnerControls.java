package dev.hostwarden.panel;

import dev.hostwarden.runtime.OwnerControl;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Finds the {@link OwnerControl} implementation at run time: a {@code META-INF/services} entry, or
 * the class named by {@code -Dhostwarden.ownerControl=...} (public no-argument constructor). Absent,
 * the panel disables Stop and Restart and says why.
 */
final class OwnerControls {
    static final String PROPERTY = "hostwarden.ownerControl";

    private OwnerControls() {
    }

    static Optional<OwnerControl> find() {
        try {
            Optional<OwnerControl> loaded = ServiceLoader.load(OwnerControl.class).findFirst();
            if (loaded.isPresent()) {
                return loaded;
            }
        } catch (ServiceConfigurationError broken) {
            System.err.println("hostwarden: the owner-control service cannot be loaded: " + broken.getMessage());
        }
        String named = System.getProperty(PROPERTY, "");
        if (named.isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of((OwnerControl) Class.forName(named).getConstructor().newInstance());
        } catch (ReflectiveOperationException | ClassCastException | LinkageError unusable) {
            System.err.println("hostwarden: -D" + PROPERTY + "=" + named + " cannot be used: " + unusable);
            return Optional.empty();
        }
    }
}
