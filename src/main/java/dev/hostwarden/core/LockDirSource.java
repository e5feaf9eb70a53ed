package dev.hostwarden.core;

/** Where the rendezvous directory came from, reported by {@code status --json} as {@code lockDirSource}. */
public enum LockDirSource {
    HERMES_GATEWAY_LOCK_DIR,
    XDG_STATE_HOME,
    HOME,
    OPTION
}
