package dev.hostwarden.core.record;

/**
 * Where the rendezvous directory came from, reported by {@code status --json} as {@code lockDirSource}
 * (the constant's name, stable for scripts) and to people as "(from ...)" (the variable or the option
 * that named it).
 */
public enum LockDirSource {
    HERMES_GATEWAY_LOCK_DIR("HERMES_GATEWAY_LOCK_DIR"),
    XDG_STATE_HOME("XDG_STATE_HOME"),
    HOME("HOME"),
    OPTION("--lock-dir");

    private final String shownAs;

    LockDirSource(String shownAs) {
        this.shownAs = shownAs;
    }

    @Override
    public String toString() {
        return shownAs;
    }
}
