package dev.hostwarden.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The gateway's control socket ({@code <home>/gateway.sock}): one JSON line in, one JSON line out per
 * connection. Paths too long for a Unix socket live in the temp directory with a pointer file, as
 * hermes places them.
 */
public final class ControlSocket {
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(2);
    public static final int PROTOCOL = 1;
    private static final int MAX_RESPONSE = 512 * 1024;
    /** sun_path holds 108 bytes on Linux and 104 on macOS; hermes moves anything over about 100. */
    private static final int MAX_SOCKET_PATH = 100;

    private ControlSocket() {
    }

    /** Where the gateway of {@code home} listens: the pointer file wins, then the short or temp path. */
    public static Path pathFor(Path home) {
        Path pointer = home.resolve("gateway.sock.path");
        try {
            // Read as every other file in a home: a FIFO or device there is never opened (never blocks).
            Optional<byte[]> bytes = PrivateFiles.readSmall(pointer);
            String target = bytes.isPresent() ? new String(bytes.get(), StandardCharsets.UTF_8).strip() : "";
            if (!target.isEmpty()) {
                return Path.of(target);
            }
        } catch (IOException | RuntimeException unreadable) {
            // Fall back to the computed path.
        }
        return preferredPath(home);
    }

    /** The path a server for {@code home} binds: in the home, or in the temp directory when too long. */
    public static Path preferredPath(Path home) {
        Path inHome = home.resolve("gateway.sock");
        if (inHome.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_PATH) {
            return inHome;
        }
        String digest = Tokens.sha256Hex(home.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8)).substring(0, 16);
        return Path.of(System.getProperty("java.io.tmpdir")).resolve("hermes-gw-" + digest + ".sock");
    }

    /** Sends {@code identify} and returns the {@code result} object of an {@code ok} answer. */
    public static Optional<ObjectNode> identify(Path home, Duration timeout) {
        return call(home, "identify", timeout);
    }

    /** True when the gateway at {@code home} answers {@code identify} as process {@code pid}. */
    public static boolean identifiesAs(Path home, long pid, Duration timeout) {
        Optional<ObjectNode> identity = identify(home, timeout);
        if (identity.isEmpty()) {
            return false;
        }
        JsonNode answeredPid = identity.get().path("pid");
        return answeredPid.isIntegralNumber() && answeredPid.longValue() == pid;
    }

    /** Sends one verb and returns the {@code result} object of an {@code ok} answer. */
    public static Optional<ObjectNode> call(Path home, String verb, Duration timeout) {
        Path socket = pathFor(home);
        if (!Files.exists(socket)) {
            return Optional.empty();
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
             Selector selector = Selector.open()) {
            channel.connect(UnixDomainSocketAddress.of(socket));
            channel.configureBlocking(false);
            ObjectNode request = JsonTrees.object().put("verb", verb).put("id", 1).put("protocol", PROTOCOL);
            ByteBuffer out = ByteBuffer.wrap((request + "\n").getBytes(StandardCharsets.UTF_8));
            channel.register(selector, SelectionKey.OP_WRITE);
            while (out.hasRemaining()) {
                if (!await(selector, deadline)) {
                    return Optional.empty();
                }
                channel.write(out);
            }
            channel.keyFor(selector).interestOps(SelectionKey.OP_READ);
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            ByteBuffer in = ByteBuffer.allocate(8192);
            while (true) {
                if (!await(selector, deadline)) {
                    return Optional.empty();
                }
                int read = channel.read(in);
                if (read < 0) {
                    break;
                }
                in.flip();
                while (in.hasRemaining()) {
                    byte b = in.get();
                    if (b == '\n') {
                        return parse(line.toByteArray());
                    }
                    line.write(b);
                }
                in.clear();
                if (line.size() > MAX_RESPONSE) {
                    return Optional.empty();
                }
            }
            return parse(line.toByteArray());
        } catch (IOException | RuntimeException silent) {
            return Optional.empty();
        }
    }

    private static boolean await(Selector selector, long deadline) throws IOException {
        long remaining = (deadline - System.nanoTime()) / 1_000_000;
        if (remaining <= 0) {
            return false;
        }
        selector.selectedKeys().clear();
        return selector.select(remaining) > 0;
    }

    private static Optional<ObjectNode> parse(byte[] bytes) {
        try {
            ObjectNode answer = RecordCodec.parseObject(bytes);
            JsonNode result = answer.get("result");
            return answer.path("ok").asBoolean(false) && result != null && result.isObject()
                    ? Optional.of((ObjectNode) result) : Optional.empty();
        } catch (RecordCodec.CorruptRecordException notJson) {
            return Optional.empty();
        }
    }
}
