package dev.hostwarden.runtime;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.proof.OwnerProbe;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * The serve roles' identity endpoint, {@code GET /api/host/identity}: answers only a request that
 * carries the session token ({@code X-Hermes-Token} or {@code Authorization: Bearer}), 401 otherwise.
 */
final class IdentityServer implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService executor;
    private boolean started;

    private IdentityServer(HttpServer server, ExecutorService executor) {
        this.server = server;
        this.executor = executor;
    }

    /** Creates the server unbound (loading everything it needs); {@link #bind} makes it listen. */
    static IdentityServer create(String token, Supplier<ObjectNode> identity) throws IOException {
        HttpServer server = HttpServer.create();
        ExecutorService executor = Executors.newFixedThreadPool(2, runnable -> {
            Thread thread = new Thread(runnable, "identity-endpoint");
            thread.setDaemon(true);
            return thread;
        });
        server.setExecutor(executor);
        byte[] expected = token.getBytes(StandardCharsets.UTF_8);
        server.createContext(OwnerProbe.IDENTITY_PATH, exchange -> {
            try (exchange) {
                if (!"GET".equals(exchange.getRequestMethod())) {
                    send(exchange, 405, JsonTrees.object().put("error", "method not allowed"));
                } else if (!authorized(exchange, expected)) {
                    send(exchange, 401, JsonTrees.object().put("error", "a valid session token is required"));
                } else {
                    send(exchange, 200, identity.get());
                }
            }
        });
        return new IdentityServer(server, executor);
    }

    /** Listens on {@code host:port} (0 picks a free port) and returns the bound port. */
    int bind(String host, int port) throws IOException {
        server.bind(new InetSocketAddress(host, port), 16);
        server.start();
        started = true;
        return port();
    }

    int port() {
        return server.getAddress().getPort();
    }

    private static boolean authorized(HttpExchange exchange, byte[] expected) {
        String header = exchange.getRequestHeaders().getFirst("X-Hermes-Token");
        if (header == null) {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
                header = authorization.substring(7).strip();
            }
        }
        return header != null && MessageDigest.isEqual(expected, header.strip().getBytes(StandardCharsets.UTF_8));
    }

    private static void send(HttpExchange exchange, int status, ObjectNode body) throws IOException {
        byte[] bytes = JsonTrees.compact(body).getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        if (started) {
            server.stop(0);
        }
        executor.shutdownNow();
    }
}
