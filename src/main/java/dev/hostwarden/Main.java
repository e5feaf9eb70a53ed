package dev.hostwarden;

import dev.hostwarden.cli.Commands;

/**
 * One jar, two faces. Any command runs headless and never loads JavaFX or AWT; no command at all
 * (only the panel's {@code --no-tray} and {@code --lock-dir DIR}) starts the tray panel.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (isPanelLaunch(args)) {
            launchPanel(args);
            return;
        }
        System.setProperty("java.awt.headless", "true");
        System.exit(Commands.run(args, System.out, System.err));
    }

    /** No command: nothing but the panel's own options, {@code --no-tray} and {@code --lock-dir DIR}. */
    private static boolean isPanelLaunch(String[] args) {
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("--lock-dir") && i + 1 < args.length && isDirValue(args[i + 1])) {
                i++;
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
