package dev.hostwarden.autostart;

import dev.hostwarden.core.platform.Environment;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Windows: the value {@code Hostwarden} under {@code HKCU\Software\Microsoft\Windows\CurrentVersion\Run},
 * written with {@code reg import} from a .reg file, so the quoted launcher path (Program Files has a
 * space) never passes through a command line. Written to Microsoft's documented formats; not run here.
 */
final class WindowsRunKeyAutostart implements Autostart {
    static final String KEY = "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Run";
    static final String VALUE = "Hostwarden";

    private final Environment env;

    WindowsRunKeyAutostart(Environment env) {
        this.env = env;
    }

    @Override
    public State state() throws AutostartException {
        Result query = reg(List.of("reg", "query", KEY, "/v", VALUE));
        if (query.exit() != 0) {
            return new State(false, KEY + "\\" + VALUE, null);
        }
        String command = null;
        for (String line : query.output().split("\\R")) {
            int type = line.indexOf("REG_SZ");
            if (line.strip().startsWith(VALUE) && type > 0) {
                command = line.substring(type + "REG_SZ".length()).strip();
            }
        }
        return new State(command != null, KEY + "\\" + VALUE, command);
    }

    @Override
    public State enable() throws AutostartException {
        Path launcher = panelLauncher(InstalledLauncher.require(env));
        String quoted = "\"" + launcher + "\"";
        String regFile = "Windows Registry Editor Version 5.00\r\n\r\n"
                + "[HKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Run]\r\n"
                + "\"" + VALUE + "\"=\"" + quoted.replace("\\", "\\\\").replace("\"", "\\\"") + "\"\r\n";
        Path file = null;
        try {
            file = Files.createTempFile("hostwarden-autostart", ".reg");
            // regedit's format 5.00 is UTF-16 little-endian with a byte order mark.
            Files.write(file, ("\uFEFF" + regFile).getBytes(StandardCharsets.UTF_16LE));
            Result imported = reg(List.of("reg", "import", file.toString()));
            if (imported.exit() != 0) {
                throw new AutostartException("reg import failed (exit " + imported.exit() + "): " + imported.output().strip());
            }
        } catch (IOException failure) {
            throw new AutostartException("cannot write the .reg file for " + KEY + ": " + failure.getMessage());
        } finally {
            if (file != null) {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException ignored) {
                    // a temporary file left in %TEMP%
                }
            }
        }
        return state();
    }

    @Override
    public State disable() throws AutostartException {
        if (state().enabled()) {
            Result deleted = reg(List.of("reg", "delete", KEY, "/v", VALUE, "/f"));
            if (deleted.exit() != 0) {
                throw new AutostartException("reg delete failed (exit " + deleted.exit() + "): " + deleted.output().strip());
            }
        }
        return state();
    }

    /** The console launcher for commands (hostwarden-cli.exe) would open a console at login: the panel's own launcher instead. */
    static Path panelLauncher(Path launcher) {
        String name = launcher.getFileName().toString().toLowerCase(Locale.ROOT);
        Path panel = launcher.resolveSibling("Hostwarden.exe");
        return name.startsWith("hostwarden-cli") && Files.isExecutable(panel) ? panel : launcher;
    }

    private record Result(int exit, String output) {
    }

    private static Result reg(List<String> command) throws AutostartException {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            byte[] output = process.getInputStream().readAllBytes();
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AutostartException(String.join(" ", command) + " did not finish in 30 s");
            }
            return new Result(process.exitValue(), new String(output, Charset.defaultCharset()));
        } catch (IOException failure) {
            throw new AutostartException("cannot run " + command.get(0) + ": " + failure.getMessage());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new AutostartException(String.join(" ", command) + " was interrupted");
        }
    }
}
