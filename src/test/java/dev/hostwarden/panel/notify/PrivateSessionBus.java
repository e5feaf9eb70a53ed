package dev.hostwarden.panel.notify;

import dev.hostwarden.testsupport.ChildProcess;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * A real {@code dbus-daemon} on a socket in a temp dir, with a minimal configuration: no service
 * directories, so nothing is activated behind the test's back (an installed dunst would otherwise
 * answer for org.freedesktop.Notifications). Skips the calling test loudly when dbus-daemon is missing.
 * Public: the theme's tests follow a settings portal on it too.
 */
public final class PrivateSessionBus implements AutoCloseable {
    private final ChildProcess daemon;
    private final String address;

    private PrivateSessionBus(ChildProcess daemon, String address) {
        this.daemon = daemon;
        this.address = address;
    }

    public static PrivateSessionBus start(Path dir) throws IOException {
        String executable = onPath("dbus-daemon");
        if (executable == null) {
            System.err.println("SKIPPED: dbus-daemon is not on PATH (apt-get install dbus); the desktop notification tests"
                    + " against a real session bus did not run");
            Assumptions.abort("dbus-daemon is not on PATH (apt-get install dbus): no real session bus to test notifications on");
        }
        Path socket = dir.resolve("bus");
        Path config = Files.writeString(dir.resolve("session.conf"), """
                <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
                 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
                <busconfig>
                  <type>session</type>
                  <listen>unix:path=%s</listen>
                  <auth>EXTERNAL</auth>
                  <policy context="default">
                    <allow send_destination="*" eavesdrop="true"/>
                    <allow eavesdrop="true"/>
                    <allow own="*"/>
                  </policy>
                </busconfig>
                """.formatted(socket));
        ChildProcess daemon = ChildProcess.start(
                List.of(executable, "--config-file=" + config, "--nofork", "--print-address=1"), Map.of());
        String address = daemon.readLine(Duration.ofSeconds(20)).trim();
        return new PrivateSessionBus(daemon, address);
    }

    public static String onPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, name);
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    public String address() {
        return address;
    }

    @Override
    public void close() {
        daemon.close();
    }
}
