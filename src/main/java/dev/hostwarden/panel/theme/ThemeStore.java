package dev.hostwarden.panel.theme;

import dev.hostwarden.core.io.PrivateFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The theme the user picked in the panel, remembered in Hostwarden's state directory as one word
 * ({@code theme}: system, light or dark). Written only when the user changes it, never on a refresh;
 * a missing, foreign or damaged file means "follow the system".
 */
public final class ThemeStore {
    static final String FILE_NAME = "theme";
    private static final System.Logger LOG = System.getLogger(ThemeStore.class.getName());

    private final Path stateDir;

    public ThemeStore(Path stateDir) {
        this.stateDir = stateDir;
    }

    /** The remembered choice, if a usable one is there. */
    public Optional<ThemeChoice> load() {
        try {
            Optional<byte[]> bytes = PrivateFiles.readSmall(stateDir.resolve(FILE_NAME));
            return bytes.flatMap(content -> ThemeChoice.parse(new String(content, StandardCharsets.UTF_8)));
        } catch (IOException | RuntimeException unusable) {
            // A FIFO, a huge file or garbage in its place only costs the remembered theme.
            return Optional.empty();
        }
    }

    /** Remembers {@code choice} (0600, atomically); false, with a log line, when it cannot. */
    public boolean save(ThemeChoice choice) {
        try {
            Files.createDirectories(stateDir);
            PrivateFiles.writeAtomically(stateDir.resolve(FILE_NAME), (choice.word() + "\n").getBytes(StandardCharsets.UTF_8));
            return true;
        } catch (IOException | RuntimeException unwritable) {
            LOG.log(System.Logger.Level.WARNING, "cannot remember the theme in {0}: {1}", stateDir.resolve(FILE_NAME), unwritable.getMessage());
            return false;
        }
    }
}
