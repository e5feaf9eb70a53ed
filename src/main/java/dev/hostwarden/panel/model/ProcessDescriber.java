package dev.hostwarden.panel.model;

import java.util.Optional;

/** Looks a process up by PID: name, command line, user. Slow on first use: call off the UI thread. */
@FunctionalInterface
public interface ProcessDescriber {
    Optional<HolderInfo> describe(long pid);
}
