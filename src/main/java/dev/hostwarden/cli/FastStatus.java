package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.StandardProtocolFamily;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.util.List;

/**
 * {@code status} without picocli's start-up cost. Scripts and supervisors poll {@code status} in a
 * fresh JVM each time, and building picocli's command model takes longer here than the rest of the
 * command. This path accepts only the plain form, {@code status [--json] [--lock-dir DIR] [ROLE...]};
 * anything else (help, a bad role, an unknown option) returns null and goes through picocli, which
 * owns every message. A test runs both paths on the same arguments and compares their output.
 */
final class FastStatus {
    private FastStatus() {
    }

    /** The exit code, or null when these arguments need picocli. */
    static Integer tryRun(String[] args, PrintWriter out, PrintWriter err) {
        PlainArguments plain = PlainArguments.of(args, "status");
        if (plain == null) {
            return null;   // a fleet's status is picocli's (FleetStatusPrinter), and so is anything but the plain form
        }
        List<Role> roles = plain.roles();
        boolean json = plain.json();
        HostRendezvous rendezvous = plain.common().rendezvous();
        warmUpInBackground(rendezvous.dir(), roles);
        return StatusPrinter.execute(rendezvous, roles, new Output(out, err, json));
    }

    /**
     * The JDK's Unix-socket stack, set up on the second core while the main thread reads the directory
     * and /proc, when a gateway record means its control socket will be asked: opening a Unix socket
     * first seeds a {@code SecureRandom}, which sets up the JDK's security providers (about 15 ms of
     * CPU in an interpreted status). {@link StatusPrinter} looks at the gateway last, so the other
     * roles fill the rest of that wait. Nothing is warmed that the command will not use, so polling
     * {@code status} costs no CPU for it. (The TCP stack for a serve owner's identity, warmed the same
     * way, gained nothing measurable.) A named thread class rather than a lambda: the first lambda links
     * the JDK's lambda machinery.
     */
    private static void warmUpInBackground(RendezvousDir dir, List<Role> roles) {
        if ((roles.isEmpty() || roles.contains(Role.GATEWAY)) && Files.exists(dir.recordPath(Role.GATEWAY))) {
            new UnixSocketWarmUp().start();
        }
    }

    private static final class UnixSocketWarmUp extends Thread {
        UnixSocketWarmUp() {
            super("status-warm-up-socket");
            setDaemon(true);
        }

        @Override
        public void run() {
            try {
                SocketChannel.open(StandardProtocolFamily.UNIX).close();
                Selector.open().close();
            } catch (IOException | RuntimeException unusual) {
                // Only a head start is lost.
            }
        }
    }
}
