package dev.hostwarden.runtime;

import java.util.function.Consumer;

/**
 * Ownership beyond this machine, held beside the host lock: an owner serves only while it holds both.
 * The host layer (flock and files, hermes-compatible) stays as it is; a fleet backend implements this
 * and {@link HostOwner} never knows which one it has.
 */
public interface ClusterLease {
    /**
     * Takes the lease for this owner, or waits for it when {@code wait}; the fencing token (a number
     * that only grows from one holder to the next). Fails with exit 75 when another machine holds it
     * and {@code wait} is false, 78 when the cluster cannot be reached or refuses our credentials.
     */
    long acquire(boolean wait) throws OwnerStartException;

    /**
     * From now on renews the lease. {@code lost} is called once, with the reason, at this owner's own
     * deadline when renewals fail (before the cluster could hand the lease to another machine);
     * {@code stopRequested} once when a planned stop is asked for across the cluster.
     */
    void keep(Consumer<String> lost, Consumer<String> stopRequested);

    /** Gives the lease up (a clean stop hands it over at once); never throws. */
    void release();

    /** One line for logs: where and what, never a secret. */
    String describe();
}
