package dev.hostwarden.autostart;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;

/**
 * The freedesktop autostart entry {@code $XDG_CONFIG_HOME/autostart/hostwarden.desktop} (an absolute
 * XDG_CONFIG_HOME only, else {@code ~/.config}). An entry with {@code Hidden=true} or
 * {@code X-GNOME-Autostart-enabled=false} (how desktop settings switch one off) counts as not enabled.
 */
final class XdgAutostart implements Autostart {
    private static final int MAX_BYTES = 64 * 1024;

    private final Environment env;
    private final Path entry;

    XdgAutostart(Environment env) {
        this.env = env;
        Optional<Path> xdg = env.get("XDG_CONFIG_HOME").map(Path::of).filter(Path::isAbsolute);
        Path configHome = xdg.orElseGet(() -> Path.of(env.get("HOME").orElse(System.getProperty("user.home")), ".config"));
        this.entry = configHome.resolve("autostart").resolve("hostwarden.desktop");
    }

    Path entry() {
        return entry;
    }

    @Override
    public State state() throws AutostartException {
        Optional<String> text = read();
        if (text.isEmpty()) {
            return new State(false, entry.toString(), null);
        }
        boolean hidden = false;
        boolean gnomeDisabled = false;
        String exec = null;
        for (String line : text.get().split("\n")) {
            String setting = line.strip();
            hidden |= setting.equals("Hidden=true");
            gnomeDisabled |= setting.equals("X-GNOME-Autostart-enabled=false");
            if (setting.startsWith("Exec=") && exec == null) {
                exec = setting.substring("Exec=".length()).strip();
            }
        }
        return new State(!hidden && !gnomeDisabled && exec != null, entry.toString(), exec);
    }

    @Override
    public State enable() throws AutostartException {
        Path launcher = InstalledLauncher.require(env);
        read(); // refuses a directory or device at the entry's path before anything is written
        byte[] bytes = entryText(launcher).getBytes(StandardCharsets.UTF_8);
        Path dir = entry.getParent();
        Path temp = dir.resolve(".hostwarden.desktop." + Platform.currentPid() + ".tmp");
        try {
            Files.createDirectories(dir);
            refuseForeign(dir);
            Files.write(temp, bytes);
            try {
                Files.move(temp, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException unsupported) {
                Files.move(temp, entry, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException failure) {
            throw new AutostartException("cannot write " + entry + ": " + IoMessages.describe(failure));
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // only a leftover temporary file in the user's autostart directory; never read back
            }
        }
        return state();
    }

    @Override
    public State disable() throws AutostartException {
        read();
        try {
            // The entry itself, never what a symlinked entry points at.
            PrivateFiles.remove(entry);
        } catch (IOException failure) {
            throw new AutostartException("cannot remove " + entry + ": " + IoMessages.describe(failure));
        }
        return state();
    }

    /** The entry's text (through a symlink to a regular file too), empty when there is none. */
    private Optional<String> read() throws AutostartException {
        try {
            PrivateFiles.Kind kind = PrivateFiles.kindOf(entry);
            if (kind == PrivateFiles.Kind.ABSENT || (kind == PrivateFiles.Kind.SYMLINK && !Files.exists(entry))) {
                return Optional.empty();
            }
            if (!Files.isRegularFile(entry)) {
                throw new AutostartException(entry + " is not a regular file; remove it to use autostart");
            }
            try (InputStream in = Files.newInputStream(entry)) {
                byte[] bytes = in.readNBytes(MAX_BYTES + 1);
                if (bytes.length > MAX_BYTES) {
                    throw new AutostartException(entry + " is larger than " + MAX_BYTES + " bytes: not an autostart entry");
                }
                return Optional.of(new String(bytes, StandardCharsets.UTF_8));
            }
        } catch (IOException failure) {
            throw new AutostartException("cannot read " + entry + ": " + IoMessages.describe(failure));
        }
    }

    /** Never write into another user's directory (a HOME or XDG_CONFIG_HOME kept across sudo, say). */
    private static void refuseForeign(Path dir) throws IOException, AutostartException {
        Path self = Path.of("/proc/self");
        if (Files.exists(self)) {
            Object me = Files.getAttribute(self, "unix:uid");
            Object owner = Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (!me.equals(owner)) {
                throw new AutostartException(dir + " belongs to uid " + owner + ", not to this user (uid " + me + "): nothing written");
            }
        }
    }

    static String entryText(Path launcher) throws AutostartException {
        return "[Desktop Entry]\n"
                + "Type=Application\n"
                + "Name=Hostwarden\n"
                + "Comment=Tray panel for hermes host-wide singleton owners\n"
                + "Exec=" + execValue(launcher.toString()) + "\n"
                + "Icon=hostwarden\n"
                + "Terminal=false\n"
                + "X-GNOME-Autostart-enabled=true\n";
    }

    /**
     * The launcher as the Exec key's value: quoted when it holds a reserved character, with the
     * quoting rules of the Exec key and then the string escapes of a desktop file value.
     */
    static String execValue(String program) throws AutostartException {
        if (program.chars().anyMatch(c -> c == '\n' || c == '\r' || c == '\t' || c < 0x20)) {
            throw new AutostartException("the launcher path " + program.replaceAll("\\p{Cntrl}", "?") + " holds a control character; an autostart entry cannot run it");
        }
        String fieldCodesEscaped = program.replace("%", "%%");
        if (fieldCodesEscaped.matches("[A-Za-z0-9/._+,:@%=-]+")) {
            return fieldCodesEscaped;
        }
        StringBuilder quoted = new StringBuilder("\"");
        for (char c : fieldCodesEscaped.toCharArray()) {
            if (c == '"' || c == '`' || c == '$' || c == '\\') {
                quoted.append('\\');
            }
            quoted.append(c);
        }
        quoted.append('"');
        // A desktop file string value escapes its backslashes once more.
        return quoted.toString().replace("\\", "\\\\");
    }
}
