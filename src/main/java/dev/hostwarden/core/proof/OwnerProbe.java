package dev.hostwarden.core.proof;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.RecordCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * hermes' {@code probe_owner}: does the endpoint a serve record names answer as that PID and role?
 * A bounded TCP connect (a closed port in the graceful-shutdown window is "no" at once), then
 * {@code GET /api/host/identity} with the token. A bare listener or another program is "no".
 */
public final class OwnerProbe {
    public static final String IDENTITY_PATH = "/api/host/identity";
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);
    private static final int MAX_BODY = 65_536;

    private OwnerProbe() {
    }

    public static Optional<ObjectNode> probe(HostRecord record, String token, Duration timeout) {
        String body = identityBody(record, token, timeout);
        if (body == null) {
            return Optional.empty();
        }
        try {
            ObjectNode payload = RecordCodec.parseObject(body.getBytes(StandardCharsets.UTF_8));
            boolean sameRole = record.role().wireName().equals(payload.path("role").asText(null));
            boolean samePid = payload.path("pid").isIntegralNumber() && payload.path("pid").longValue() == record.pid();
            return sameRole && samePid ? Optional.of(payload) : Optional.empty();
        } catch (RecordCodec.CorruptRecordException notJson) {
            return Optional.empty();
        }
    }

    /**
     * Whether the endpoint {@code record} names answers as that PID and role: {@link #probe}'s answer
     * without its tree. The answer is read token by token ({@link IdentityAnswers}), so
     * {@code status}, which asks every live owner in a fresh JVM, loads no JSON library.
     */
    public static boolean identifies(HostRecord record, String token, Duration timeout) {
        String body = identityBody(record, token, timeout);
        return body != null && IdentityAnswers.endpointBodyNames(body, record.role().wireName(), record.pid());
    }

    /**
     * The body of a 200 answer to {@code GET /api/host/identity} (at most {@link #MAX_BODY} characters), or
     * null. Through the JDK's socket channel, as the gateway's control socket is asked: status sets that
     * stack up anyway, and {@code java.net.Socket} would add its own (proxy selector, SOCKS wrapper).
     */
    private static String identityBody(HostRecord record, String token, Duration timeout) {
        if (record.port() == null) {
            return null;
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        // One connection, bounded at every step: the panel re-asks a live owner every few seconds, and
        // a hung owner's kernel still accepts connections into its backlog, so only the read times out.
        try (SocketChannel channel = SocketChannel.open();
             Selector selector = Selector.open()) {
            channel.configureBlocking(false);
            SelectionKey key = channel.register(selector, SelectionKey.OP_CONNECT);
            if (!channel.connect(new InetSocketAddress(record.dialHost(), record.port()))) {
                while (!channel.finishConnect()) {
                    if (!ControlSocket.await(selector, deadline)) {
                        return null;
                    }
                }
            }
            StringBuilder request = new StringBuilder()
                    .append("GET ").append(IDENTITY_PATH).append(" HTTP/1.1\r\n")
                    .append("Host: ").append(record.dialHost()).append(':').append(record.port()).append("\r\n")
                    .append("Accept: application/json\r\nConnection: close\r\n");
            if (token != null && !token.isEmpty()) {
                request.append("X-Hermes-Token: ").append(token).append("\r\n");
                request.append("Authorization: Bearer ").append(token).append("\r\n");
            }
            ByteBuffer out = ByteBuffer.wrap(request.append("\r\n").toString().getBytes(StandardCharsets.UTF_8));
            key.interestOps(SelectionKey.OP_WRITE);
            while (out.hasRemaining()) {
                if (!ControlSocket.await(selector, deadline)) {
                    return null;
                }
                channel.write(out);
            }
            key.interestOps(SelectionKey.OP_READ);
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            ByteBuffer in = ByteBuffer.allocate(8192);
            while (response.size() <= MAX_BODY + 16_384) {
                if (!ControlSocket.await(selector, deadline)) {
                    return null;   // silent before closing: no answer, as a hung owner's
                }
                int read = channel.read(in);
                if (read < 0) {
                    break;
                }
                response.write(in.array(), 0, in.position());
                in.clear();
            }
            return body(response.toString(StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException failed) {
            return null;
        }
    }

    /**
     * Whether the owner {@code record} names answers as that PID and role now: its identity endpoint
     * for a role that serves HTTP, else the control socket in its home. Empty when it cannot be asked
     * from here (a home this JVM cannot express as a path).
     */
    public static Optional<Boolean> answers(HostRecord record, String token, Duration timeout) {
        if (record.role().servesHttp()) {
            return Optional.of(identifies(record, token, timeout));
        }
        try {
            return Optional.of(ControlSocket.identifiesAs(HermesHome.ownerHome(record), record.pid(), timeout));
        } catch (InvalidPathException unmappable) {
            return Optional.empty();
        }
    }

    private static String body(String response) {
        int headerEnd = response.indexOf("\r\n\r\n");
        if (!response.startsWith("HTTP/1.") || headerEnd < 0) {
            return null;
        }
        String[] statusLine = response.substring(0, response.indexOf("\r\n")).split(" ");
        if (statusLine.length < 2 || !statusLine[1].equals("200")) {
            return null;
        }
        String body = response.substring(headerEnd + 4);
        if (response.substring(0, headerEnd).toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
            body = Dechunk.apply(body);
        }
        if (body.length() > MAX_BODY) {
            body = body.substring(0, MAX_BODY);
        }
        return body;
    }

    /** Minimal chunked transfer decoding for servers that stream the identity answer. */
    private static final class Dechunk {
        static String apply(String body) {
            StringBuilder out = new StringBuilder();
            int at = 0;
            while (at < body.length()) {
                int lineEnd = body.indexOf("\r\n", at);
                if (lineEnd < 0) {
                    break;
                }
                int size = Integer.parseInt(body.substring(at, lineEnd).split(";")[0].trim(), 16);
                if (size == 0) {
                    break;
                }
                out.append(body, lineEnd + 2, Math.min(body.length(), lineEnd + 2 + size));
                at = lineEnd + 2 + size + 2;
            }
            return out.toString();
        }
    }
}
