package dev.hostwarden.runtime;

import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What program a live owner runs, from its command line as the OS reports it: this program's
 * reference owner, or something else (a hermes process, an embedder). The record cannot say: hermes
 * and Hostwarden write the same record. It decides whether a restart may relaunch the reference owner
 * in its place.
 *
 * @param commandLine the command line as shown, or "" when the OS does not tell
 */
record OwnerProgram(Kind kind, String commandLine) {
    /** More than any real command line (Linux's ARG_MAX is 2 MiB, a class path rarely above 100 KiB). */
    private static final int MAX_CMDLINE = 1 << 20;

    enum Kind {
        /** A Hostwarden process: its command line runs {@code dev.hostwarden.Main}, a hostwarden jar or launcher. */
        HOSTWARDEN,
        /** Any other program, such as hermes. */
        OTHER,
        /** The OS does not tell what the process runs (gone, or another user's on some systems). */
        UNKNOWN
    }

    static OwnerProgram of(long pid) {
        Optional<ProcessHandle.Info> info = ProcessHandle.of(pid).map(ProcessHandle::info);
        Optional<String> command = info.flatMap(ProcessHandle.Info::command);
        Optional<List<String>> fromProc = procCmdline(pid);
        if (fromProc.isPresent() && !fromProc.get().isEmpty()) {
            List<String> words = fromProc.get();
            return new OwnerProgram(runsHostwarden(command.orElse(words.get(0)), words.subList(1, words.size())) ? Kind.HOSTWARDEN : Kind.OTHER,
                    String.join(" ", words));
        }
        List<String> arguments = info.flatMap(ProcessHandle.Info::arguments).map(List::of).orElse(List.of());
        if (command.isEmpty() && arguments.isEmpty()) {
            return new OwnerProgram(Kind.UNKNOWN, "");
        }
        String shown = info.flatMap(ProcessHandle.Info::commandLine)
                .orElse(command.orElse("?") + (arguments.isEmpty() ? "" : " " + String.join(" ", arguments)));
        return new OwnerProgram(runsHostwarden(command.orElse(""), arguments) ? Kind.HOSTWARDEN : Kind.OTHER, shown);
    }

    /**
     * The whole command line from {@code /proc/PID/cmdline} (Linux): the JDK reads only its first 4096
     * bytes and then reports no arguments at all, so an owner started with a long class path would read
     * as "not Hostwarden's". Empty where there is no /proc or it cannot be read.
     */
    private static Optional<List<String>> procCmdline(long pid) {
        if (!Platform.current().hasProcFs()) {
            return Optional.empty();
        }
        try (InputStream in = Files.newInputStream(Path.of("/proc", Long.toString(pid), "cmdline"))) {
            byte[] bytes = in.readNBytes(MAX_CMDLINE);
            String text = new String(bytes, StandardCharsets.UTF_8);
            if (text.endsWith("\0")) {
                text = text.substring(0, text.length() - 1);
            }
            return text.isEmpty() ? Optional.empty() : Optional.of(List.of(text.split("\0", -1)));
        } catch (IOException | RuntimeException unreadable) {
            return Optional.empty();
        }
    }

    /** {@code ... dev.hostwarden.Main ...}, {@code java -jar .../hostwarden*.jar}, or the installed launcher itself. */
    static boolean runsHostwarden(String command, List<String> arguments) {
        String program = fileName(command);
        if (program.equals("hostwarden") || program.equals("hostwarden.exe")) {
            return true;
        }
        for (int i = 0; i < arguments.size(); i++) {
            if (arguments.get(i).equals(HostwardenLauncher.MAIN_CLASS)) {
                return true;
            }
            if (i > 0 && arguments.get(i - 1).equals("-jar")) {
                String jar = fileName(arguments.get(i));
                return jar.startsWith("hostwarden") && jar.endsWith(".jar");
            }
        }
        return false;
    }

    private static String fileName(String word) {
        try {
            Path file = Path.of(word).getFileName();
            return file == null ? "" : file.toString().toLowerCase(Locale.ROOT);
        } catch (InvalidPathException notAPath) {
            return "";
        }
    }
}
