package dev.hostwarden.core.proof;

/** Whether a record still names the same live process: hermes' three-valued answer, plus "no record". */
public enum Incarnation {
    /** Proven: the recorded process is alive and is the same incarnation (hermes: True). */
    MATCH,
    /** Proven not: dead, reused, another boot, or no proof at all (hermes: False). */
    MISMATCH,
    /** Nothing proves it either way (hermes: None); a candidate, never an owner. */
    UNPROVABLE,
    /** There is no record to judge. */
    NONE
}
