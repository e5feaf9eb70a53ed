package dev.hostwarden.core.proof;

/** The outcome of one step of a liveness proof. */
public enum CheckResult { PASS, FAIL, UNPROVABLE, SKIPPED }
