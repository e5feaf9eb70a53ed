package dev.hostwarden.history;

import dev.hostwarden.core.platform.Platform;

/**
 * Who caused an ownership event, as the history names it: a process and, in words, what it was
 * ({@code hostwarden stop gateway}, {@code the panel's Stop}, {@code hostwarden supervise}). The words
 * are what a person reads in a notification ("stopped by PID 4711, hostwarden stop gateway").
 *
 * @param command what the process was; null where it is not known (a stopper named only by its marker)
 */
public record Actor(long pid, String command) {

    /** This process, described as {@code command}. */
    public static Actor thisProcess(String command) {
        return new Actor(Platform.currentPid(), command);
    }

    /** "PID 4711 (hostwarden stop gateway)", or "PID 4711" without words. */
    public String named() {
        return command == null || command.isEmpty() ? "PID " + pid : "PID " + pid + " (" + command + ")";
    }

    /** "PID 4711, hostwarden stop gateway", or "PID 4711" without words. */
    public String describe() {
        return command == null || command.isEmpty() ? "PID " + pid : "PID " + pid + ", " + command;
    }
}
