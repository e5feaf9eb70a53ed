package dev.hostwarden.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.JsonStreams;
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
        warmUpInBackground(rendezvous.dir(), roles, json);
        return StatusPrinter.execute(rendezvous, roles, new Output(out, err, json));
    }

    /**
     * The one-time set-up of what the command will need, on the second core while the main thread
     * reads the directory and /proc: the JSON parser when a record is there to read, the pretty
     * printer for {@code --json}, and the JDK's Unix-socket stack when a gateway record means its
     * control socket will be asked (opening a Unix socket first seeds a {@code SecureRandom}, which sets
     * up the JDK's security providers). Nothing is warmed that the command will not use, so polling
     * {@code status} costs no CPU for it. Nothing is shared but the classes: the command does its own
     * work either way. Named thread classes rather than lambdas: the first lambda links the JDK's
     * lambda machinery.
     */
    private static void warmUpInBackground(RendezvousDir dir, List<Role> roles, boolean json) {
        boolean records = false;
        boolean gateway = false;
        for (Role role : roles.isEmpty() ? ALL_ROLES : roles) {
            if (Files.exists(dir.recordPath(role))) {
                records = true;
                gateway |= role == Role.GATEWAY;
            }
        }
        if (gateway) {
            new UnixSocketWarmUp().start();
        }
        if (records || json) {
            new JsonWarmUp(records, json).start();
        }
    }

    private static final List<Role> ALL_ROLES = List.of(Role.values());

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

    private static final class JsonWarmUp extends Thread {
        private final boolean parser;
        private final boolean printer;

        JsonWarmUp(boolean parser, boolean printer) {
            super("status-warm-up-json");
            setDaemon(true);
            this.parser = parser;
            this.printer = printer;
        }

        @Override
        public void run() {
            if (parser) {
                try (JsonParser json = JsonStreams.parser("{\"warm\":[1,2.5,\"up\",true,null]}")) {
                    while (json.nextToken() != null) {
                        json.getText();
                    }
                } catch (IOException impossible) {
                    // Only a head start is lost.
                }
            }
            if (printer) {
                JsonStreams.pretty(new WarmDocument());
            }
        }
    }

    private static final class WarmDocument implements JsonStreams.Document {
        @Override
        public void writeTo(JsonGenerator generator) throws IOException {
            generator.writeStartObject();
            generator.writeArrayFieldStart("warm");
            generator.writeNumber(1L);
            generator.writeString("up");
            generator.writeEndArray();
            generator.writeEndObject();
        }
    }
}
