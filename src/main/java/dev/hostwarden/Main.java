package dev.hostwarden;

import dev.hostwarden.cli.Commands;

/**
 * One jar, two faces. Any command runs headless and never loads JavaFX or AWT; no command at all
 * starts the tray panel.
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        if (args.length == 0 || (args.length == 1 && args[0].equals("--no-tray"))) {
            launchPanel(args);
            return;
        }
        System.setProperty("java.awt.headless", "true");
        System.exit(Commands.run(args, System.out, System.err));
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
