package dev.hostwarden.autostart;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.IoMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * macOS: the LaunchAgent {@code ~/Library/LaunchAgents/dev.hostwarden.panel.plist}, which launchd
 * runs at the next login ({@code RunAtLoad}). Written as hermes' own docs suggest; not run here.
 */
final class LaunchAgentAutostart implements Autostart {
    static final String LABEL = "dev.hostwarden.panel";

    private final Environment env;
    private final Path plist;

    LaunchAgentAutostart(Environment env) {
        this.env = env;
        this.plist = Path.of(env.get("HOME").orElse(System.getProperty("user.home")), "Library", "LaunchAgents", LABEL + ".plist");
    }

    @Override
    public State state() throws AutostartException {
        if (!Files.exists(plist, LinkOption.NOFOLLOW_LINKS)) {
            return new State(false, plist.toString(), null);
        }
        if (!Files.isRegularFile(plist)) {
            throw new AutostartException(plist + " is not a regular file; remove it to use autostart");
        }
        try {
            String text = Files.readString(plist, StandardCharsets.UTF_8);
            int start = text.indexOf("<array><string>");
            int end = text.indexOf("</string>", start + 1);
            String command = start < 0 || end < 0 ? null : unescape(text.substring(start + "<array><string>".length(), end));
            return new State(command != null, plist.toString(), command);
        } catch (IOException failure) {
            throw new AutostartException("cannot read " + plist + ": " + IoMessages.describe(failure));
        }
    }

    @Override
    public State enable() throws AutostartException {
        Path launcher = InstalledLauncher.require(env);
        String text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + "<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n"
                + "<plist version=\"1.0\">\n<dict>\n"
                + "  <key>Label</key><string>" + LABEL + "</string>\n"
                + "  <key>ProgramArguments</key><array><string>" + escape(launcher.toString()) + "</string></array>\n"
                + "  <key>RunAtLoad</key><true/>\n"
                + "  <key>ProcessType</key><string>Interactive</string>\n"
                + "</dict>\n</plist>\n";
        Path temp = plist.resolveSibling("." + LABEL + ".plist.tmp");
        try {
            Files.createDirectories(plist.getParent());
            Files.writeString(temp, text, StandardCharsets.UTF_8);
            Files.move(temp, plist, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException failure) {
            throw new AutostartException("cannot write " + plist + ": " + IoMessages.describe(failure));
        }
        return state();
    }

    @Override
    public State disable() throws AutostartException {
        try {
            Files.deleteIfExists(plist);
        } catch (IOException failure) {
            throw new AutostartException("cannot remove " + plist + ": " + IoMessages.describe(failure));
        }
        return state();
    }

    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String unescape(String text) {
        return text.replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&");
    }
}
