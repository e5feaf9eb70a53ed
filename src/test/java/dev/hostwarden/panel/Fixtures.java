package dev.hostwarden.panel;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.HolderInfo;
import dev.hostwarden.panel.model.PanelContext;
import dev.hostwarden.panel.model.ProcessDescriber;
import dev.hostwarden.runtime.OwnerControl;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.stream.Stream;

/** Real rendezvous directories and real processes for the panel tests. */
final class Fixtures {
    static final Duration DEADLINE = Duration.ofSeconds(30);

    private Fixtures() {
    }

    static HostRendezvous rendezvous(Path lockDir) {
        return HostRendezvous.at(RendezvousDir.of(lockDir), ProcessInspector.system());
    }

    /** A context on real directories; the describer answers from the JDK so tests need no OSHI. */
    static PanelContext context(Path lockDir, Path hermesRoot, OwnerControl control, Executor background, Executor ui) {
        return PanelContext.of(rendezvous(lockDir), hermesRoot, control, jdkDescriber(), background, ui);
    }

    static ProcessDescriber jdkDescriber() {
        return pid -> ProcessHandle.of(pid).map(handle -> new HolderInfo(pid,
                handle.info().command().orElse(""), handle.info().commandLine().orElse(""), handle.info().user().orElse("")));
    }

    /** The PID of a process that has exited (started and reaped here). */
    static long deadPid() throws IOException, InterruptedException {
        Process process = new ProcessBuilder("true").start();
        process.waitFor();
        return process.pid();
    }

    /** Writes a well-formed record of {@code role} naming a dead PID; returns that PID. */
    static long writeDeadRecord(Path lockDir, Role role) throws IOException, InterruptedException {
        long pid = deadPid();
        RendezvousDir dir = RendezvousDir.of(lockDir);
        dir.ensure();
        ProcessInspector inspector = ProcessInspector.system();
        HostRecord record = new HostRecord(role, "", pid, System.currentTimeMillis() / 1000.0, 4242L,
                inspector.currentBootEpoch(), "127.0.0.1", role.servesHttp() ? 9120 : null, HostRecord.PROTOCOL_VERSION,
                "", List.of("default"), RecordCodec.utcNow());
        PrivateFiles.writeAtomically(dir.recordPath(role), RecordCodec.encode(record));
        return pid;
    }

    /** A child JVM holding {@code role}'s host lock with its record published; ready when returned. */
    static ChildProcess liveOwner(Path lockDir, Role role) throws IOException {
        ChildProcess child = ChildProcess.java(LockHolderChild.class, Map.of(), lockDir.toString(), role.wireName());
        String line = child.awaitLine(text -> text.startsWith("READY") || text.startsWith("NOT_"), DEADLINE);
        if (!line.startsWith("READY")) {
            throw new AssertionError("child did not become owner: " + line + "\n" + child.stderr());
        }
        return child;
    }

    /** Every path under {@code roots} with its size and modification time: a refresh must not change it. */
    static String tree(Path... roots) throws IOException {
        StringBuilder out = new StringBuilder();
        for (Path root : roots) {
            if (!Files.exists(root)) {
                out.append(root).append(" absent\n");
                continue;
            }
            try (Stream<Path> walk = Files.walk(root)) {
                for (Path path : walk.sorted().toList()) {
                    out.append(path).append(' ').append(Files.isDirectory(path) ? "dir" : Files.size(path)).append(' ')
                            .append(Files.getLastModifiedTime(path).toMillis()).append('\n');
                }
            }
        }
        return out.toString();
    }

    static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    static Optional<String> read(Path file) throws IOException {
        return Files.exists(file) ? Optional.of(Files.readString(file)) : Optional.empty();
    }
}
