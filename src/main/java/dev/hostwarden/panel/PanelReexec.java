package dev.hostwarden.panel;

import com.sun.jna.Library;
import com.sun.jna.Memory;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.hostwarden.core.platform.Platform;
import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A panel started with a bare {@code java -jar hostwarden.jar} on Linux replaces its own JVM, once and
 * in place (same PID, terminal and parent), by one started with the panel's flags, the ones the installed
 * launcher gives it: the quick compiler and the serial collector open the window in about two thirds
 * of the time, and a small heap keeps an idle panel light (without them the JVM takes G1 and a quarter
 * of the machine's memory as its heap limit). Java cannot choose its own JVM's flags; only {@code
 * execve(2)} can.
 *
 * <p>It stands aside whenever someone chose how the JVM runs: the installed launcher (which gives the
 * flags itself), any JVM option on the command line other than {@code -D} properties, the JDK's option
 * variables, a class path launch, and {@code HOSTWARDEN_REEXEC=0}, which the replacement carries so
 * it never repeats. A failed {@code execve} leaves the panel running as it was started.
 *
 * <p>Arguments and environment are carried as the kernel holds them, bytes read as ISO-8859-1 (one
 * char per byte, so any path survives the round trip whatever the locale), and the program is
 * the very {@code java} that is running, the target of {@code /proc/self/exe}.
 */
final class PanelReexec {
    /** {@code 0}: run in the JVM as started. Set in the replacement's environment, so it runs once. */
    static final String VARIABLE = "HOSTWARDEN_REEXEC";
    /** Must match the panel's flags in the installed launcher ({@code installer/linux/hostwarden}); a test compares them. */
    static final List<String> PANEL_FLAGS = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xms32m", "-Xmx128m", "-Xmn16m",
            "-XX:MinHeapFreeRatio=10", "-XX:MaxHeapFreeRatio=30", "-XX:+AlwaysPreTouch", "-XX:-UsePerfData",
            "-XX:+UnlockExperimentalVMOptions", "-XX:+IgnoreUnrecognizedVMOptions", "-XX:TrimNativeHeapInterval=10000");
    /** The JDK reads JVM options from these too; with one set, a flag of ours could conflict with the user's. */
    private static final List<String> JVM_OPTION_VARIABLES = List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

    private static final int F_SETFD = 2;
    private static final int FD_CLOEXEC = 1;

    /** The running executable: its link names the {@code java} that execve starts again. */
    static final String SELF = "/proc/self/exe";

    private PanelReexec() {
    }

    /** What to execute instead of this JVM: its arguments (argv[0] first) and its environment. */
    record Plan(List<String> argv, Map<String, String> environment) {
    }

    /**
     * The replacement, or empty with the reason to stand aside.
     *
     * @param commandLine this process's argv as the kernel holds it ({@code /proc/self/cmdline})
     * @param environment this process's environment as the kernel holds it ({@code /proc/self/environ})
     */
    static Optional<Plan> plan(List<String> commandLine, Map<String, String> environment, Platform platform) {
        return plan(commandLine, environment, platform, null);
    }

    /**
     * As above, with the class-data archive's options ({@link #archiveOptions}) for {@code java} (null:
     * none) after the panel's flags; the archive is looked for only once a replacement is planned.
     */
    static Optional<Plan> plan(List<String> commandLine, Map<String, String> environment, Platform platform, Path java) {
        if (!platform.hasProcFs() || commandLine.isEmpty()) {
            return Optional.empty();
        }
        if ("0".equals(environment.get(VARIABLE)) || notBlank(environment.get("HOSTWARDEN_LAUNCHER"))) {
            return Optional.empty();
        }
        // Loops, not streams and lambdas: this runs in the JVM about to be replaced, where the first
        // lambda would link the JDK's lambda machinery only to be thrown away by the exec.
        for (String name : JVM_OPTION_VARIABLES) {
            if (notBlank(environment.get(name))) {
                return Optional.empty();
            }
        }
        int jar = -1;
        for (int i = 1; i < commandLine.size(); i++) {
            String word = commandLine.get(i);
            if (word.equals("-jar")) {
                jar = i;
                break;
            }
            if (!word.startsWith("-D")) {
                return Optional.empty();   // a JVM option of the user's own, or a class path launch
            }
        }
        if (jar < 0 || jar + 1 >= commandLine.size()) {
            return Optional.empty();
        }
        List<String> argv = new ArrayList<>();
        argv.add(commandLine.get(0));
        argv.addAll(PANEL_FLAGS);
        if (java != null) {
            argv.addAll(archiveOptions(commandLine.get(jar + 1), java, environment));
        }
        argv.addAll(commandLine.subList(1, commandLine.size()));
        Map<String, String> replaced = new TreeMap<>(environment);
        replaced.put(VARIABLE, "0");
        // glibc gives each busy thread its own malloc arena; two keep GTK's and the JVM's memory together.
        // Not GTK's variables (GDK_GL, GDK_SYNCHRONIZE): the replacement sets them in its own process
        // (RenderingDefaults), where the programs it starts do not inherit them.
        replaced.putIfAbsent("MALLOC_ARENA_MAX", "2");
        return Optional.of(new Plan(List.copyOf(argv), replaced));
    }

    /** Replaces this JVM when {@link #plan} says so; returns only when it does not (or the exec failed). */
    static void replaceIfBare(boolean debug) {
        List<String> commandLine;
        Map<String, String> environment = new TreeMap<>();
        try {
            if (!Files.readSymbolicLink(Path.of(SELF)).getFileName().toString().equals("java")) {
                return;   // a native launcher (jpackage's) that embeds the JVM with flags of its own
            }
            commandLine = split(readProc("cmdline"));
            for (String entry : split(readProc("environ"))) {
                int equals = entry.indexOf('=');
                if (equals > 0) {
                    environment.putIfAbsent(entry.substring(0, equals), entry.substring(equals + 1));
                }
            }
        } catch (IOException | RuntimeException unreadable) {
            return;   // not Linux, or /proc is not mounted
        }
        Optional<Plan> plan = plan(commandLine, environment, Platform.current(), Path.of(SELF));
        if (plan.isEmpty()) {
            return;
        }
        List<String> variables = new ArrayList<>();
        for (Map.Entry<String, String> variable : plan.get().environment().entrySet()) {
            variables.add(variable.getKey() + "=" + variable.getValue());
        }
        Memory[] keep = new Memory[2];
        try {
            // The running java's own path, as bytes: the kernel names the process after the file
            // executed, and /proc/self/exe itself would make every ps, top and pkill say "exe".
            byte[] path = new byte[4096];
            int length = LibC.INSTANCE.readlink(SELF, path, path.length - 1);
            if (length <= 0 || length >= path.length - 1) {
                return;
            }
            Memory program = new Memory(length + 1);
            program.clear();
            program.write(0, path, 0, length);
            Pointer argv = nullTerminated(plan.get().argv(), keep, 0);
            Pointer envp = nullTerminated(variables, keep, 1);
            closeJvmFilesOnExec();
            if (debug) {
                System.err.println("REEXEC " + StartupTrace.sinceProcessStart());
            }
            int failed = LibC.INSTANCE.execve(program, argv, envp);
            if (debug) {
                System.err.println("REEXEC_FAILED " + failed + " errno " + Native.getLastError());
            }
        } catch (UnsatisfiedLinkError | RuntimeException unavailable) {
            if (debug) {
                System.err.println("REEXEC_FAILED " + unavailable);
            }
        }
    }

    /**
     * The panel's class-data-sharing archive, as the installed launcher keeps it (the same name, so
     * either launch uses the archive the other made): {@code panel-<jar's mtime.size>-<java's mtime.size>.jsa}
     * beside the jar when that directory is writable (or holds it), else in {@code $XDG_CACHE_HOME/hostwarden/}.
     * When it exists the replacement maps it (JavaFX's classes, about half of a cold start's CPU, come
     * from it); when it does not, the replacement writes it at its exit, as the launcher's first panel
     * does. Nothing with {@code HOSTWARDEN_CDS=0}, or when neither place can hold it.
     */
    static List<String> archiveOptions(String jarArgument, Path java, Map<String, String> environment) {
        if ("0".equals(environment.get("HOSTWARDEN_CDS"))) {
            return List.of();
        }
        try {
            Path jar = Path.of(jarArgument);
            String name = "panel-" + stamp(jar) + "-" + stamp(java) + ".jsa";
            Path beside = jar.toAbsolutePath().getParent();
            Path archive;
            if (beside != null && (Files.isWritable(beside) || Files.isRegularFile(beside.resolve(name)))) {
                archive = beside.resolve(name);
            } else {
                String cache = environment.get("XDG_CACHE_HOME");
                if (cache == null || cache.isEmpty()) {
                    String home = environment.get("HOME");
                    if (home == null || home.isEmpty()) {
                        return List.of();
                    }
                    cache = home + "/.cache";
                }
                archive = Path.of(cache, "hostwarden", name);
            }
            if (Files.isRegularFile(archive)) {
                return List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:cds=off", "-Xlog:cds+dynamic=off");
            }
            Files.createDirectories(archive.getParent());
            return Files.isWritable(archive.getParent())
                    ? List.of("-XX:ArchiveClassesAtExit=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off") : List.of();
        } catch (IOException | RuntimeException unusable) {
            return List.of();
        }
    }

    /** {@code stat -L -c '%Y.%s'}: modification time in seconds and size, through links. */
    private static String stamp(Path file) throws IOException {
        return Files.getLastModifiedTime(file).to(TimeUnit.SECONDS) + "." + Files.size(file);
    }

    /**
     * For the debug switch: this process, its name and the JVM options it runs with, from the kernel's
     * copies ({@code pid=N java -XX:… -D…}), so a launch shows whether it was replaced and with what.
     */
    static String describeThisJvm() {
        StringBuilder line = new StringBuilder("pid=").append(Platform.currentPid());
        try {
            line.append(' ').append(new String(readProc("comm"), StandardCharsets.ISO_8859_1).strip());
            List<String> words = split(readProc("cmdline"));
            for (String word : words.subList(1, words.size())) {
                if (!word.startsWith("-") || word.equals("-jar") || word.equals("-cp") || word.equals("-classpath")) {
                    break;
                }
                line.append(' ').append(word);
            }
        } catch (IOException | RuntimeException notLinux) {
            line.append(" (options unknown)");
        }
        return line.toString();
    }

    /**
     * A file of {@code /proc/self}, read with java.io: NIO's first file channel opens a socket pair
     * that this JVM would leave open across the exec.
     */
    private static byte[] readProc(String name) throws IOException {
        try (FileInputStream in = new FileInputStream("/proc/self/" + name)) {
            return in.readAllBytes();
        }
    }

    /**
     * The files this JVM opened and never closes (its module image, the class path's jars, the random
     * devices) closed by the exec rather than inherited, unused, by the replacement. Nothing else: a
     * descriptor the panel's own parent handed down stays open, as it would without the exec.
     */
    private static void closeJvmFilesOnExec() {
        String[] descriptors = new File("/proc/self/fd").list();
        if (descriptors == null) {
            return;
        }
        for (String descriptor : descriptors) {
            try {
                int fd = Integer.parseInt(descriptor);
                if (fd > 2 && openedByTheJvm(Files.readSymbolicLink(Path.of("/proc/self/fd", descriptor)).toString())) {
                    LibC.INSTANCE.fcntl(fd, F_SETFD, FD_CLOEXEC);
                }
            } catch (IOException | RuntimeException gone) {
                // Closed meanwhile (the listing's own descriptor), or not a number: nothing to do.
            }
        }
    }

    static boolean openedByTheJvm(String target) {
        return target.endsWith(".jar") || target.equals(Path.of(System.getProperty("java.home"), "lib", "modules").toString())
                || target.equals("/dev/random") || target.equals("/dev/urandom");
    }

    /** {@code /proc/self/cmdline} or {@code environ}: each word followed by a NUL, one char per byte. */
    static List<String> split(byte[] words) {
        List<String> split = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < words.length; i++) {
            if (words[i] == 0) {
                split.add(new String(words, start, i - start, StandardCharsets.ISO_8859_1));
                start = i + 1;
            }
        }
        return split;
    }

    /**
     * A C {@code char*[]} ending in NULL, the strings back to their original bytes. The strings live in
     * one block kept in {@code keep[slot]} with the pointer array, so neither is freed before execve.
     */
    private static Pointer nullTerminated(List<String> words, Memory[] keep, int slot) {
        byte[][] bytes = new byte[words.size()][];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = words.get(i).getBytes(StandardCharsets.ISO_8859_1);
        }
        long pointers = (long) (words.size() + 1) * Native.POINTER_SIZE;
        long size = pointers;
        for (byte[] word : bytes) {
            size += word.length + 1;
        }
        Memory block = new Memory(size);
        block.clear();
        long at = pointers;
        for (int i = 0; i < bytes.length; i++) {
            block.write(at, bytes[i], 0, bytes[i].length);
            block.setPointer((long) i * Native.POINTER_SIZE, block.share(at));
            at += bytes[i].length + 1;
        }
        keep[slot] = block;
        return block;
    }

    private static boolean notBlank(String value) {
        return value != null && !value.isBlank();
    }

    private interface LibC extends Library {
        LibC INSTANCE = Native.load("c", LibC.class);

        int readlink(String path, byte[] buffer, long size);

        int execve(Pointer path, Pointer argv, Pointer envp);

        int fcntl(int fd, int command, int argument);
    }
}
