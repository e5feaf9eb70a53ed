package dev.hostwarden.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.record.RecordCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Iterator;
import java.util.function.Function;

/**
 * The gateway's control socket server: one JSON line in, one JSON line out per connection, as
 * {@link ControlSocket} (and hermes' clients) speak it. The caller must hold the home's runtime lock,
 * so a socket file left by a dead gateway of the same home can be replaced.
 */
final class ControlSocketServer implements AutoCloseable {
    private static final int MAX_REQUEST = 64 * 1024;

    private final Path home;
    private final Path socket;
    private final ServerSocketChannel server;
    private final Function<String, ObjectNode> verbs;
    private final Thread acceptor;
    /** The acceptor's selector, once it has one: close() wakes it, so the thread ends with the server. */
    private volatile Selector selector;

    private ControlSocketServer(Path home, Path socket, ServerSocketChannel server, Function<String, ObjectNode> verbs) {
        this.home = home;
        this.socket = socket;
        this.server = server;
        this.verbs = verbs;
        this.acceptor = new Thread(this::acceptLoop, "control-socket");
        this.acceptor.setDaemon(true);
    }

    /** Opens the server channel unbound (loading what it needs) before any lock is held. */
    static ServerSocketChannel open() throws IOException {
        return ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    }

    /**
     * Binds {@code server} at the home's socket path (with the pointer file when it lives in the temp
     * dir) and serves; {@code verbs} answers null for an unknown verb. Closes the channel on failure.
     */
    static ControlSocketServer start(ServerSocketChannel server, Path home, Function<String, ObjectNode> verbs) throws IOException {
        Path socket = ControlSocket.preferredPath(home);
        try {
            Files.deleteIfExists(socket);
            server.bind(UnixDomainSocketAddress.of(socket));
            try {
                Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException notPosix) {
                // Windows: the socket file carries the directory's ACL.
            }
            Path pointer = home.resolve("gateway.sock.path");
            if (!socket.getParent().equals(home)) {
                PrivateFiles.writeAtomically(pointer, socket.toString().getBytes(StandardCharsets.UTF_8));
            } else {
                Files.deleteIfExists(pointer);
            }
        } catch (IOException | RuntimeException failed) {
            server.close();
            throw failed;
        }
        ControlSocketServer started = new ControlSocketServer(home, socket, server, verbs);
        started.acceptor.start();
        return started;
    }

    Path socket() {
        return socket;
    }

    /**
     * One thread serves every connection, through a selector: an answer costs the owner a parse and a
     * short write, never a thread. A thread per connection (as before) cost the owner about 0.2-0.3 ms of
     * CPU per {@code status} that asked it, with jackson's per-thread buffers made anew each time, and
     * sixteen scripts polling {@code status} made it start threads all day. Connections are served side
     * by side as before: one that never sends its line holds up nobody.
     */
    private void acceptLoop() {
        try (Selector selector = Selector.open()) {
            this.selector = selector;
            server.configureBlocking(false);
            server.register(selector, SelectionKey.OP_ACCEPT);
            ByteBuffer in = ByteBuffer.allocate(4096);
            while (server.isOpen()) {
                selector.select();
                Iterator<SelectionKey> ready = selector.selectedKeys().iterator();
                while (ready.hasNext()) {
                    SelectionKey key = ready.next();
                    ready.remove();
                    if (!key.isValid()) {
                        continue;
                    }
                    if (key.isAcceptable()) {
                        accept(selector);
                    } else if (key.attachment() instanceof Connection connection) {
                        try {
                            if (key.isReadable()) {
                                connection.read(key, in);
                            } else if (key.isWritable()) {
                                connection.write(key);
                            }
                        } catch (IOException | RuntimeException dropped) {
                            // A client that hangs up early gets nothing; the next one is served.
                            connection.close(key);
                        }
                    }
                }
            }
            for (SelectionKey key : selector.keys()) {
                if (key.attachment() instanceof Connection connection) {
                    connection.close(key);
                }
            }
        } catch (IOException | RuntimeException closed) {
            // The server channel was closed (the owner stops), or the selector cannot be had.
        }
    }

    private void accept(Selector selector) throws IOException {
        SocketChannel client;
        while ((client = server.accept()) != null) {
            try {
                client.configureBlocking(false);
                client.register(selector, SelectionKey.OP_READ, new Connection(client));
            } catch (IOException | RuntimeException dropped) {
                client.close();
            }
        }
    }

    /** One client: its request line as it arrives, then the answer as it leaves. */
    private final class Connection {
        private final SocketChannel client;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private ByteBuffer out;

        Connection(SocketChannel client) {
            this.client = client;
        }

        void read(SelectionKey key, ByteBuffer in) throws IOException {
            in.clear();
            int read = client.read(in);
            in.flip();
            boolean complete = read < 0;
            while (in.hasRemaining() && !complete) {
                byte b = in.get();
                if (b == '\n') {
                    complete = true;
                } else {
                    line.write(b);
                }
            }
            if (!complete) {
                if (line.size() > MAX_REQUEST) {
                    close(key);
                }
                return;
            }
            ObjectNode reply = answer(line.toByteArray());
            out = ByteBuffer.wrap((JsonTrees.compact(reply) + "\n").getBytes(StandardCharsets.UTF_8));
            key.interestOps(SelectionKey.OP_WRITE);
            write(key);
        }

        void write(SelectionKey key) throws IOException {
            client.write(out);
            if (!out.hasRemaining()) {
                close(key);
            }
        }

        void close(SelectionKey key) {
            key.cancel();
            try {
                client.close();
            } catch (IOException ignored) {
                // Already gone.
            }
        }
    }

    private ObjectNode answer(byte[] request) {
        ObjectNode reply = JsonTrees.object();
        JsonNode id = null;
        try {
            ObjectNode parsed = RecordCodec.parseObject(request);
            id = parsed.get("id");
            String verb = parsed.path("verb").asText("");
            ObjectNode result = verbs.apply(verb);
            if (result == null) {
                reply.put("ok", false).put("protocol", ControlSocket.PROTOCOL).put("error", "unknown verb '" + verb + "'");
            } else {
                reply.put("ok", true).put("protocol", ControlSocket.PROTOCOL).set("result", result);
            }
        } catch (RecordCodec.CorruptRecordException bad) {
            reply.put("ok", false).put("protocol", ControlSocket.PROTOCOL).put("error", "bad request: " + bad.getMessage());
        }
        if (id == null) {
            reply.putNull("id");
        } else {
            reply.set("id", id);
        }
        return reply;
    }

    @Override
    public void close() {
        try {
            server.close();
        } catch (IOException ignored) {
            // Closing is best effort; the file is removed below.
        }
        Selector serving = selector;
        if (serving != null) {
            serving.wakeup();
        }
        try {
            Files.deleteIfExists(socket);
            if (!socket.getParent().equals(home)) {
                Files.deleteIfExists(home.resolve("gateway.sock.path"));
            }
        } catch (IOException ignored) {
            // A leftover socket file is replaced by the next gateway of this home.
        }
    }
}
