package dev.hostwarden.runtime;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The owners this process launched, by PID: only a parent learns how its child ended, so a
 * supervisor that launched an owner can say "exit code 3" or "killed by signal 9" where anyone else
 * can only say "gone". An owner launched here and reaped is kept until asked about once more.
 */
public final class LaunchedProcesses {
    private static final Map<Long, Process> LAUNCHED = new ConcurrentHashMap<>();

    private LaunchedProcesses() {
    }

    /** How many ended children are kept for a question about them; past this the ended ones go. */
    private static final int KEPT = 32;

    static void add(Process process) {
        if (LAUNCHED.size() >= KEPT) {
            LAUNCHED.values().removeIf(known -> !known.isAlive());
        }
        LAUNCHED.put(process.pid(), process);
    }

    /** How the process {@code pid} this process launched ended: its exit status, once it has ended; empty otherwise. */
    public static Optional<Integer> exitOf(long pid) {
        Process process = LAUNCHED.get(pid);
        if (process == null || process.isAlive()) {
            return Optional.empty();
        }
        LAUNCHED.remove(pid);
        return Optional.of(process.exitValue());
    }

    /** Whether {@code pid} is a process this process launched and that still runs. */
    public static boolean isOurs(long pid) {
        Process process = LAUNCHED.get(pid);
        return process != null && process.isAlive();
    }

    /** An exit status in words: "exit code 3", or "killed by signal 9 (SIGKILL)" for the shell convention 128 + N. */
    public static String describe(int status) {
        if (status > 128 && status < 160) {
            int signal = status - 128;
            return "killed by signal " + signal + signalName(signal);
        }
        return "exit code " + status;
    }

    private static String signalName(int signal) {
        return switch (signal) {
            case 1 -> " (SIGHUP)";
            case 2 -> " (SIGINT)";
            case 6 -> " (SIGABRT)";
            case 9 -> " (SIGKILL)";
            case 11 -> " (SIGSEGV)";
            case 15 -> " (SIGTERM)";
            default -> "";
        };
    }
}
