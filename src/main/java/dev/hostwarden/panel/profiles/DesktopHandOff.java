package dev.hostwarden.panel.profiles;

import dev.hostwarden.core.platform.Environment;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * "Open folder" and "Open gateway log": hands a path to the desktop's own opener ({@code xdg-open})
 * and says in one line what happened. Without a desktop session it opens nothing and says so, with
 * the path, so the user can still copy it. Runs on a background thread: an opener may take its time.
 */
public final class DesktopHandOff {
    /** How long to wait for the opener's verdict before calling the path handed over (openers often stay). */
    static final Duration WAIT = Duration.ofSeconds(2);
    private final Environment environment;

    public DesktopHandOff(Environment environment) {
        this.environment = environment;
    }

    /** {@code action} ("Open folder") names the action in the line; {@code path} is what is opened. */
    public String open(String action, Path path) {
        if (!Files.exists(path)) {
            return action + ": nothing to open, " + path + " does not exist";
        }
        if (environment.get("DISPLAY").filter(value -> !value.isEmpty()).isEmpty()
                && environment.get("WAYLAND_DISPLAY").filter(value -> !value.isEmpty()).isEmpty()) {
            return action + ": no desktop session (neither DISPLAY nor WAYLAND_DISPLAY is set), so nothing was opened; the path is " + path;
        }
        Optional<Path> opener = onPath("xdg-open");
        if (opener.isEmpty()) {
            return action + ": xdg-open is not installed, so nothing was opened; the path is " + path;
        }
        ProcessBuilder builder = new ProcessBuilder(opener.get().toString(), path.toString())
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.DISCARD)
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().clear();
        builder.environment().putAll(environment.asMap());
        try {
            Process process = builder.start();
            if (process.waitFor(WAIT.toMillis(), TimeUnit.MILLISECONDS) && process.exitValue() != 0) {
                return action + ": xdg-open " + path + " failed (exit " + process.exitValue() + "): the desktop has no application for it";
            }
            return action + ": handed " + path + " to the desktop (xdg-open)";
        } catch (IOException failed) {
            return action + ": xdg-open could not be started (" + failed.getMessage() + "); the path is " + path;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return action + ": interrupted while handing " + path + " to the desktop";
        }
    }

    private Optional<Path> onPath(String command) {
        for (String dir : environment.get("PATH").orElse("").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return Optional.of(Path.of(dir, command));
            }
        }
        return Optional.empty();
    }
}
