package dev.hostwarden.supervise;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Which roles the user asked the panel to keep running (its "Keep running", and {@code autostart on --keep-running}), remembered per rendezvous directory in
 * Hostwarden's state directory ({@code keep-running}: one line per directory, {@code <roles> <path>},
 * roles comma-separated). Written only when the user changes it; a missing or damaged file means none.
 */
public final class KeepRunningStore {
    static final String FILE_NAME = "keep-running";
    private static final System.Logger LOG = System.getLogger(KeepRunningStore.class.getName());

    private final Path stateDir;

    public KeepRunningStore(Path stateDir) {
        this.stateDir = stateDir;
    }

    /** The roles kept running in {@code lockDir}. */
    public synchronized Set<Role> load(Path lockDir) {
        return read().getOrDefault(key(lockDir), EnumSet.noneOf(Role.class));
    }

    /** Remembers that {@code role} is (or is no longer) kept running in {@code lockDir}; false, with a log line, when it cannot. */
    public synchronized boolean save(Path lockDir, Role role, boolean on) {
        Map<String, Set<Role>> all = read();
        Set<Role> roles = all.computeIfAbsent(key(lockDir), ignored -> EnumSet.noneOf(Role.class));
        if (on) {
            roles.add(role);
        } else {
            roles.remove(role);
        }
        StringBuilder text = new StringBuilder();
        all.forEach((dir, kept) -> {
            if (!kept.isEmpty()) {
                text.append(String.join(",", kept.stream().map(Role::wireName).toList())).append(' ').append(dir).append('\n');
            }
        });
        try {
            Files.createDirectories(stateDir);
            PrivateFiles.writeAtomically(stateDir.resolve(FILE_NAME), text.toString().getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (IOException | RuntimeException unwritable) {
            LOG.log(System.Logger.Level.WARNING, "cannot remember which roles to keep running in {0}: {1}", stateDir.resolve(FILE_NAME),
                    unwritable.getMessage());
            return false;
        }
    }

    private Map<String, Set<Role>> read() {
        Map<String, Set<Role>> all = new LinkedHashMap<>();
        try {
            String text = PrivateFiles.readSmall(stateDir.resolve(FILE_NAME)).map(bytes -> new String(bytes, StandardCharsets.UTF_8)).orElse("");
            for (String line : text.split("\n")) {
                int space = line.indexOf(' ');
                if (space <= 0) {
                    continue;
                }
                Set<Role> roles = EnumSet.noneOf(Role.class);
                for (String name : line.substring(0, space).split(",")) {
                    for (Role role : Role.values()) {
                        if (role.wireName().equals(name)) {
                            roles.add(role);
                        }
                    }
                }
                all.put(line.substring(space + 1), roles);
            }
        } catch (IOException | RuntimeException unusable) {
            // A FIFO, a huge file or garbage in its place only costs what was remembered.
        }
        return all;
    }

    private static String key(Path lockDir) {
        return lockDir.toAbsolutePath().normalize().toString();
    }
}
