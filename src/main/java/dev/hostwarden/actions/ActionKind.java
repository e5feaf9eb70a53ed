package dev.hostwarden.actions;

/** The actions every entry point (command line, card, tray menu, Doctor, notification) calls. */
public enum ActionKind {
    START, STOP, RESTART, RETRACT, CLEAR_MARKER, RESCAN_PROFILES
}
