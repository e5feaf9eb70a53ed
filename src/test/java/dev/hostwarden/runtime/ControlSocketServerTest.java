package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import java.io.ByteArrayOutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway's control socket serves every client from one thread: a status asking identify costs the
 * owner no thread, a client that connects and sends nothing holds up nobody, answers are what they were
 * (the request's id echoed, unknown verbs refused), and the thread ends with the owner.
 */
class ControlSocketServerTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private static List<Thread> controlThreads() {
        List<Thread> found = new ArrayList<>();
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (thread.getName().startsWith("control-socket") && thread.isAlive()) {
                found.add(thread);
            }
        }
        return found;
    }

    private static String exchange(Path socket, String line) throws Exception {
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            ByteBuffer in = ByteBuffer.allocate(4096);
            while (channel.read(in) >= 0) {
                in.flip();
                answer.write(in.array(), 0, in.limit());
                in.clear();
            }
            return answer.toString(StandardCharsets.UTF_8);
        }
    }

    @Test
    void oneThreadServesSilentAndAskingClientsAlike() throws Exception {
        Path home = tmp.resolve("home");
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(tmp.resolve("locks")), ProcessInspector.system());
        List<SocketChannel> silent = new ArrayList<>();
        Thread server;
        try (HostOwner owner = HostOwner.builder(Role.GATEWAY).home(home).profiles(List.of("default", "alpha", "beta"))
                .rendezvous(rendezvous).build()) {
            owner.start();
            Path socket = ControlSocket.pathFor(home);
            assertEquals(1, controlThreads().size(), "one control-socket thread: " + controlThreads());
            server = controlThreads().get(0);
            for (int i = 0; i < 20; i++) {
                SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
                channel.connect(UnixDomainSocketAddress.of(socket));
                silent.add(channel);
            }
            for (int i = 0; i < 50; i++) {
                assertTrue(ControlSocket.identifiesAs(home, Platform.currentPid(), Duration.ofSeconds(10)), "identify " + i);
            }
            assertEquals(List.of(server), controlThreads(), "twenty silent clients and fifty answers started no thread");

            JsonNode answer = JSON.readTree(exchange(socket, "{\"verb\":\"identify\",\"id\":{\"n\":[7,1.5]},\"protocol\":1}\n"));
            assertTrue(answer.path("ok").asBoolean());
            assertEquals(JSON.readTree("{\"n\":[7,1.5]}"), answer.path("id"), "the request's id is echoed");
            assertEquals(List.of("default", "alpha", "beta"), JSON.convertValue(answer.path("result").path("served_profiles"), List.class));
            String refused = exchange(socket, "{\"verb\":\"nonsense\",\"id\":3}\n");
            assertEquals("{\"ok\":false,\"protocol\":1,\"error\":\"unknown verb 'nonsense'\",\"id\":3}\n", refused);
            String bad = exchange(socket, "not json\n");
            assertTrue(bad.startsWith("{\"ok\":false,\"protocol\":1,\"error\":\"bad request: ") && bad.endsWith(",\"id\":null}\n"), bad);
            // A request sent in pieces, the line completed by the last one, is answered once whole.
            try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
                channel.connect(UnixDomainSocketAddress.of(socket));
                channel.write(ByteBuffer.wrap("{\"verb\":\"iden".getBytes(StandardCharsets.UTF_8)));
                assertTrue(ControlSocket.identifiesAs(home, Platform.currentPid(), Duration.ofSeconds(10)), "served meanwhile");
                channel.write(ByteBuffer.wrap("tify\",\"id\":9}\n".getBytes(StandardCharsets.UTF_8)));
                ByteBuffer in = ByteBuffer.allocate(8192);
                StringBuilder text = new StringBuilder();
                while (channel.read(in) >= 0) {
                    in.flip();
                    text.append(StandardCharsets.UTF_8.decode(in));
                    in.clear();
                }
                assertTrue(text.toString().startsWith("{\"ok\":true,\"protocol\":1,\"result\":{\"pid\":" + Platform.currentPid()), text.toString());
                assertTrue(text.toString().endsWith(",\"id\":9}\n"), text.toString());
            }
        } finally {
            for (SocketChannel channel : silent) {
                channel.close();
            }
        }
        server.join(Duration.ofSeconds(30).toMillis());
        assertFalse(server.isAlive(), "the control-socket thread ends with the owner");
    }
}
