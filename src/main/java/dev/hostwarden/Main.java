package dev.hostwarden;

import dev.hostwarden.cli.Commands;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.runtime.OwnerSignals;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;

/**
 * One jar, two faces. Any command runs headless and never loads JavaFX or AWT; no command at all
 * (only the panel's {@code --no-tray}, {@code --lock-dir DIR} and {@code --theme WORD}) starts the tray panel.
 */
public final class Main {
    /** sysexits' EX_SOFTWARE: the installation itself is broken. */
    private static final int EXIT_BROKEN_INSTALLATION = 70;
    private static final String LOG_FORMAT_PROPERTY = "java.util.logging.SimpleFormatter.format";

    private Main() {
    }

    public static void main(String[] args) {
        String[] commandFirst = Commands.commandFirst(args);
        if (commandFirst.length > 0 && commandFirst[0].equals("run")) {
            // First of all: from here on a SIGTERM ends a reference owner with 1, never the JVM's 143.
            OwnerSignals.install();
        }
        Platform.nameBuiltInSelectorProvider();
        Path missingLib = missingLibDir();
        if (missingLib != null) {
            System.err.println("hostwarden: the libraries directory " + missingLib + " is missing; hostwarden.jar needs the lib/ "
                    + "directory it was built with beside it (copy both, or use the installed launcher)");
            System.exit(EXIT_BROKEN_INSTALLATION);
        }
        if (isPanelLaunch(args)) {
            launchPanel(args);
            return;
        }
        System.setProperty("java.awt.headless", "true");
        if (System.getProperty(LOG_FORMAT_PROPERTY) == null) {
            // A command that logs (a library, a warning deep in the core) still writes one line per event,
            // not java.util.logging's two; run and supervise install their own fuller format.
            System.setProperty(LOG_FORMAT_PROPERTY, "%1$tFT%1$tT%1$tz hostwarden[" + Platform.currentPid() + "] %4$s %5$s%6$s%n");
        }
        try {
            System.exit(Commands.run(args, System.out, System.err));
        } catch (NoClassDefFoundError incomplete) {
            // lib/ is there but a jar in it is not: still one line, not a stack trace.
            String missing = String.valueOf(incomplete.getMessage()).replace('/', '.').replaceFirst("\\$.*", "");
            System.err.println("hostwarden: a library class cannot be loaded (" + missing + "); the lib/ directory beside "
                    + "hostwarden.jar is incomplete (copy it again as it was built, or use the installed launcher)");
            System.exit(EXIT_BROKEN_INSTALLATION);
        }
    }

    /**
     * The jar's manifest finds picocli, Jackson and the rest in {@code lib/} beside the jar; a jar
     * copied alone would otherwise fail with a class-loading stack trace in the middle of a command.
     * Null when the directory is there, or when this runs from a class path rather than the jar.
     */
    private static Path missingLibDir() {
        CodeSource source = Main.class.getProtectionDomain().getCodeSource();
        if (source == null || !source.getLocation().getPath().endsWith(".jar")) {
            return null;
        }
        try {
            Path lib = Path.of(source.getLocation().toURI()).resolveSibling("lib");
            return Files.isDirectory(lib) ? null : lib;
        } catch (URISyntaxException | IllegalArgumentException unusual) {
            return null;
        }
    }

    /** No command: nothing but the panel's own options, {@code --no-tray}, {@code --lock-dir DIR} and {@code --theme WORD}. */
    private static boolean isPanelLaunch(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if ((arg.equals("--lock-dir") || arg.equals("--fleet")) && i + 1 < args.length && isDirValue(args[i + 1])) {
                i++;
            } else if (arg.startsWith("--fleet=") && isDirValue(arg.substring("--fleet=".length()))) {
                // The panel's own option: it refuses a bad endpoint itself, in the fleet's words.
            } else if (arg.equals("--theme") || arg.startsWith("--theme=")) {
                // The panel's own option: it refuses a bad or missing value itself, naming the valid words.
                if (arg.equals("--theme") && i + 1 < args.length && !args[i + 1].startsWith("-")) {
                    i++;
                }
            } else if (!arg.equals("--no-tray") && !(arg.startsWith("--lock-dir=") && isDirValue(arg.substring("--lock-dir=".length())))) {
                return false;
            }
        }
        return true;
    }

    /** Anything else (a missing or option-like value) is for the command line to refuse in its own words. */
    private static boolean isDirValue(String value) {
        return !value.isEmpty() && !value.startsWith("-");
    }

    private static void launchPanel(String[] args) {
        try {
            // Loaded by name so the command line never links against the panel's classes.
            Class.forName("dev.hostwarden.panel.PanelLauncher").getMethod("launch", String[].class).invoke(null, (Object) args);
        } catch (ReflectiveOperationException | LinkageError missing) {
            System.err.println("hostwarden: the panel cannot start (" + missing + "); run 'hostwarden --help' for the commands");
            System.exit(1);
        }
    }
}
