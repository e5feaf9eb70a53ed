package dev.hostwarden.fleet;

import java.io.IOException;

/** No endpoint of the fleet answered (refused, timed out, not etcd, or refused our credentials). */
public final class FleetUnreachableException extends IOException {
    private final boolean credentialsRefused;

    public FleetUnreachableException(String message, boolean credentialsRefused) {
        super(message);
        this.credentialsRefused = credentialsRefused;
    }

    /** True when etcd answered but refused the user name or password: retrying will not help. */
    public boolean credentialsRefused() {
        return credentialsRefused;
    }
}
