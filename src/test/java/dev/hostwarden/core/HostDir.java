package dev.hostwarden.core;

import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The seed's {@code host_dir} fixture: a rendezvous under a temporary directory, reached through an
 * environment the test can change (hermes' {@code monkeypatch.setenv}); the directory is re-resolved
 * on every call, as in hermes. Closing it releases every host lock this JVM took in any directory the
 * environment pointed to, because the lock registry is process-wide.
 */
public final class HostDir implements AutoCloseable {
    static final String LOCK_DIR_VARIABLE = "HERMES_GATEWAY_LOCK_DIR";

    private final Path root;
    private final Set<RendezvousDir> visited = new LinkedHashSet<>();
    private volatile Environment environment;

    public HostDir(Path root) {
        this.root = root;
        this.environment = Environment.system().with(LOCK_DIR_VARIABLE, locks().toString());
    }

    /** The temporary directory (hermes' {@code host_dir}); the locks live in {@code locks/} below it. */
    public Path root() {
        return root;
    }

    public Path locks() {
        return root.resolve("locks");
    }

    /** hermes' {@code monkeypatch.setenv}; a null value removes the variable. */
    public void setEnv(String name, String value) {
        environment = environment.with(name, value);
    }

    public Environment environment() {
        return environment;
    }

    /** The rendezvous of the current environment, judged by this host's real process inspector. */
    public HostRendezvous rendezvous() {
        return rendezvous(ProcessInspector.system());
    }

    /** The same rendezvous judged by another inspector (hermes' patched start time or boot epoch). */
    public HostRendezvous rendezvous(ProcessInspector inspector) {
        return new HostRendezvous(this::currentDir, inspector);
    }

    private synchronized RendezvousDir currentDir() {
        RendezvousDir dir = RendezvousDir.resolve(environment);
        visited.add(dir);
        return dir;
    }

    /** The environment a child process needs to meet this JVM in the same rendezvous directory. */
    public Map<String, String> childEnvironment() {
        return Map.of(LOCK_DIR_VARIABLE, locks().toString());
    }

    @Override
    public synchronized void close() {
        for (RendezvousDir dir : visited) {
            for (Role role : List.of(Role.values())) {
                FileLocks.release(role.wireName(), dir.lockPath(role));
            }
        }
    }
}
