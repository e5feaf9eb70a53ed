package dev.hostwarden.core.proof;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.io.JsonWriter;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.record.RecordCodec;
import dev.hostwarden.core.record.Tokens;
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

    /**
     * True when the gateway at {@code home} answers {@code identify} as process {@code pid}. Read with
     * a streaming reader ({@link IdentityAnswers}), never a databind tree: {@code status} asks this in a
     * fresh JVM each time, and databind's classes cost it more than the whole exchange.
     */
    public static boolean identifiesAs(Path home, long pid, Duration timeout) {
        return identifiesAt(pathFor(home), pid, timeout);
    }

    /** {@link #identifiesAs} for a socket path already found with {@link #pathFor}. */
    public static boolean identifiesAt(Path socket, long pid, Duration timeout) {
        Exchange exchange = exchange(socket, "identify", timeout);
        return exchange.failure == null && IdentityAnswers.controlAnswerNames(exchange.bytes, pid);
    }

    /** Sends one verb and returns the {@code result} object of an {@code ok} answer. */
    public static Optional<ObjectNode> call(Path home, String verb, Duration timeout) {
        return ask(home, verb, timeout).result();
    }

    /**
     * One exchange and what came of it.
     *
     * @param result the {@code result} object of an {@code ok} answer, or empty
     * @param why    why there is no result, in plain words; "" with a result
     */
    public record Answer(Optional<ObjectNode> result, String why) {
        static Answer failed(String why) {
            return new Answer(Optional.empty(), why);
        }
    }

    /**
     * Sends one verb, bounded by {@code timeout} from connect to the last byte, and says why when
     * no usable answer came: no socket, refused, silent, or an answer that is not a JSON object,
     * too long, or not {@code ok}.
     */
    public static Answer ask(Path home, String verb, Duration timeout) {
        Exchange exchange = exchange(pathFor(home), verb, timeout);
        return exchange.failure != null ? Answer.failed(exchange.failure) : parse(exchange.socket, exchange.bytes);
    }

    /** One request's answer line (without its newline), or why there is none. */
    private static final class Exchange {
        final Path socket;
        final byte[] bytes;
        final String failure;

        private Exchange(Path socket, byte[] bytes, String failure) {
            this.socket = socket;
            this.bytes = bytes;
            this.failure = failure;
        }

        static Exchange failed(Path socket, String why) {
            return new Exchange(socket, null, why);
        }
    }

    /** The request line: {@code {"verb":"identify","id":1,"protocol":1}}, as a compact JSON object. */
    static byte[] requestLine(String verb) {
        return (JsonStreams.compact(new Request(verb)) + "\n").getBytes(StandardCharsets.UTF_8);
    }

    /** A named class rather than a lambda: {@code status} runs in a fresh JVM that links none. */
    private static final class Request implements JsonStreams.Document {
        private final String verb;

        Request(String verb) {
            this.verb = verb;
        }

        @Override
        public void writeTo(JsonWriter writer) {
            writer.writeStartObject();
            writer.writeStringField("verb", verb);
            writer.writeNumberField("id", 1);
            writer.writeNumberField("protocol", PROTOCOL);
            writer.writeEndObject();
        }
    }

    private static Exchange exchange(Path socket, String verb, Duration timeout) {
        if (!Files.exists(socket)) {
            return Exchange.failed(socket, "no control socket at " + socket);
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        String seconds = timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
             Selector selector = Selector.open()) {
            // Non-blocking from the connect on: a gateway that stopped accepting fills its backlog, and a
            // blocking connect would then wait forever instead of failing at once.
            channel.configureBlocking(false);
            SelectionKey key = channel.register(selector, SelectionKey.OP_CONNECT);
            if (!channel.connect(UnixDomainSocketAddress.of(socket))) {
                while (!channel.finishConnect()) {
                    if (!await(selector, deadline)) {
                        return Exchange.failed(socket, "the control socket " + socket + " took no connection within " + seconds);
                    }
                }
            }
            ByteBuffer out = ByteBuffer.wrap(requestLine(verb));
            key.interestOps(SelectionKey.OP_WRITE);
            while (out.hasRemaining()) {
                if (!await(selector, deadline)) {
                    return Exchange.failed(socket, "the control socket " + socket + " took no request within " + seconds);
                }
                channel.write(out);
            }
            key.interestOps(SelectionKey.OP_READ);
            ByteArrayOutputStream line = new ByteArrayOutputStream();
            ByteBuffer in = ByteBuffer.allocate(8192);
            while (true) {
                if (!await(selector, deadline)) {
                    return Exchange.failed(socket, "no answer on " + socket + " within " + seconds);
                }
                int read = channel.read(in);
                if (read < 0) {
                    break;
                }
                in.flip();
                while (in.hasRemaining()) {
                    byte b = in.get();
                    if (b == '\n') {
                        return new Exchange(socket, line.toByteArray(), null);
                    }
                    line.write(b);
                }
                in.clear();
                if (line.size() > MAX_RESPONSE) {
                    return Exchange.failed(socket, "the answer on " + socket + " is longer than " + MAX_RESPONSE / 1024 + " KiB");
                }
            }
            return new Exchange(socket, line.toByteArray(), null);
        } catch (IOException failed) {
            return Exchange.failed(socket, "the control socket " + socket + " cannot be reached: " + IoMessages.describe(failed));
        } catch (RuntimeException failed) {
            return Exchange.failed(socket, "the control socket " + socket + " cannot be reached: " + failed);
        }
    }

    /** Waits for the channel's interest until {@code deadline} (System.nanoTime); false when it passed. */
    static boolean await(Selector selector, long deadline) throws IOException {
        long remaining = (deadline - System.nanoTime()) / 1_000_000;
        if (remaining <= 0) {
            return false;
        }
        selector.selectedKeys().clear();
        return selector.select(remaining) > 0;
    }

    private static Answer parse(Path socket, byte[] bytes) {
        if (bytes.length == 0) {
            return Answer.failed("the control socket " + socket + " closed without an answer");
        }
        ObjectNode answer;
        try {
            answer = RecordCodec.parseObject(bytes);
        } catch (RecordCodec.CorruptRecordException notJson) {
            return Answer.failed("the answer on " + socket + " is not a JSON object: " + notJson.getMessage());
        }
        JsonNode result = answer.get("result");
        if (!answer.path("ok").asBoolean(false)) {
            String error = answer.path("error").asText("");
            return Answer.failed("the gateway refused the request" + (error.isEmpty() ? "" : ": " + error));
        }
        return result != null && result.isObject() ? new Answer(Optional.of((ObjectNode) result), "")
                : Answer.failed("the answer on " + socket + " has no result object");
    }
}
