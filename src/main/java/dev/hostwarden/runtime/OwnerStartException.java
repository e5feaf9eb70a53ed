package dev.hostwarden.runtime;

/** Why an owner could not start, with the exit code a supervisor acts on (75 retry, 78 park). */
public final class OwnerStartException extends Exception {
    public static final int EX_TEMPFAIL = 75;
    public static final int EX_CONFIG = 78;

    private final int exitCode;
    private final Long ownerPid;

    public OwnerStartException(int exitCode, String message, Long ownerPid) {
        super(message);
        this.exitCode = exitCode;
        this.ownerPid = ownerPid;
    }

    static OwnerStartException config(String message) {
        return new OwnerStartException(EX_CONFIG, message, null);
    }

    static OwnerStartException held(String message, Long ownerPid) {
        return new OwnerStartException(EX_TEMPFAIL, message, ownerPid);
    }

    public int exitCode() {
        return exitCode;
    }

    /** The process that holds the claim, when it is known. */
    public Long ownerPid() {
        return ownerPid;
    }
}
