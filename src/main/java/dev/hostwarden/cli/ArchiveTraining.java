package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.runtime.HostOwner;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * What the installed launcher runs once, under {@code -XX:ArchiveClassesAtExit}, to make the command
 * line's class-data-sharing archive: the JVM archives every class a run has loaded, so the run must
 * be the commands' real work. Before, the archive was made at the exit of the first {@code status},
 * and the package made it over an empty directory: none of the classes a status over live owners
 * needs (records, JSON, the control socket and identity endpoint, the report) were in it, and every
 * later status loaded them from the jars. Here two owners run in this JVM, a gateway serving three
 * profiles and a serve owner (in a temporary directory, with no history), and {@code status} and
 * {@code explain} run over them in text and JSON through the commands' own entry; the commands that
 * picocli parses ({@code stop}, {@code restart}, {@code start}) are parsed without running. Nothing
 * outside the temporary directory is written. Not a command: {@code java -cp hostwarden.jar} runs it.
 */
public final class ArchiveTraining {
    private ArchiveTraining() {
    }

    public static void main(String[] args) throws Exception {
        Platform.nameBuiltInSelectorProvider();
        System.setProperty("java.awt.headless", "true");
        Path dir = Files.createTempDirectory("hostwarden-archive-");
        List<HostOwner> owners = new ArrayList<>();
        try {
            Path locks = dir.resolve("locks");
            Path home = Files.createDirectory(dir.resolve("home"));
            HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
            owners.add(start(HostOwner.builder(Role.GATEWAY).rendezvous(rendezvous).home(home)
                    .profiles(List.of("default", "alpha", "beta")).build()));
            owners.add(start(HostOwner.builder(Role.SERVE).rendezvous(rendezvous).home(home).port(0).build()));
            PrintStream sink = new PrintStream(OutputStream.nullOutputStream(), true);
            String lockDir = locks.toString();
            for (String[] command : List.of(new String[] {"status", "--json", "--lock-dir", lockDir},
                    new String[] {"status", "--lock-dir", lockDir}, new String[] {"status", "gateway", "--json", "--lock-dir", lockDir},
                    new String[] {"status", "desktop-serve", "--lock-dir", lockDir}, new String[] {"explain", "gateway", "--lock-dir", lockDir},
                    new String[] {"explain", "serve", "--json", "--lock-dir", lockDir})) {
                Commands.run(command, sink, sink);
            }
            // What the owners in this process cannot make status load: its entry, and the /proc/locks
            // reader (a lock this process holds is answered without it).
            for (String name : List.of("dev.hostwarden.Main", "dev.hostwarden.core.lock.ProcLocks", "dev.hostwarden.core.lock.ProcLocks$Held",
                    "dev.hostwarden.core.lock.ProcLocks$Lookup", "java.util.OptionalLong")) {
                Class.forName(name, false, ArchiveTraining.class.getClassLoader());
            }
            stopAChildOwner(dir, sink);
            PrintWriter nowhere = new PrintWriter(sink, true);
            for (String[] command : List.of(new String[] {"stop", "gateway", "--lock-dir", lockDir},
                    new String[] {"restart", "serve", "--lock-dir", lockDir}, new String[] {"start", "desktop-serve", "--lock-dir", lockDir})) {
                HostwardenCommand.commandLine(nowhere, nowhere, false).parseArgs(command);
            }
        } finally {
            for (HostOwner owner : owners) {
                owner.close();
            }
            deleteTree(dir);
        }
        System.exit(0);
    }

    /**
     * {@code stop} itself, over a {@code run serve} child: what a stop loads (the marker, the signal, the
     * wait, the history) is archived too. Only when the launcher has pointed this JVM's state directory
     * at a throwaway one (XDG_STATE_HOME and HOSTWARDEN_ARCHIVE_STATE the same), so neither the stop nor
     * the child writes into the user's own history.
     */
    private static void stopAChildOwner(Path dir, PrintStream sink) throws Exception {
        String state = System.getenv("HOSTWARDEN_ARCHIVE_STATE");
        if (state == null || state.isEmpty() || !state.equals(System.getenv("XDG_STATE_HOME")) || !Path.of(state).isAbsolute()) {
            return;
        }
        String javaCommand = ProcessHandle.current().info().command().orElse(null);
        if (javaCommand == null) {
            return;
        }
        Path locks = dir.resolve("stop-locks");
        Path home = Files.createDirectory(dir.resolve("stop-home"));
        ProcessBuilder builder = new ProcessBuilder(javaCommand, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp",
                System.getProperty("java.class.path"), "dev.hostwarden.Main", "run", "serve", "--port", "0", "--lock-dir", locks.toString(),
                "--home", home.toString()).redirectError(ProcessBuilder.Redirect.DISCARD);
        Process child = builder.start();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String ready = lines.readLine();
            if (ready != null && ready.startsWith("READY")) {
                Commands.run(new String[] {"stop", "serve", "--lock-dir", locks.toString()}, sink, sink);
            }
        } finally {
            child.destroyForcibly();
            child.waitFor();
        }
    }

    private static HostOwner start(HostOwner owner) throws Exception {
        owner.start();
        return owner;
    }

    private static void deleteTree(Path dir) {
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path visited, IOException failed) throws IOException {
                    Files.deleteIfExists(visited);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException leftBehind) {
            // A temporary directory left behind is the system's to clean.
        }
    }
}
