package dev.hostwarden.testsupport;

import dev.hostwarden.fleet.EtcdClient;
import dev.hostwarden.fleet.FleetConfig;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real single-member etcd (Debian's etcd-server, 3.4) on random loopback ports with its own data
 * directory; tests that need one skip loudly where the binary is missing ({@code .ci/run} installs it).
 */
public final class EtcdServer implements AutoCloseable {
    private final Path dataDir;
    private final int clientPort;
    private final int peerPort;
    private Process process;

    /** With TLS on the client port: the CA that signed its certificate, its certificate and key; else null. */
    private Path caFile;
    private Path certFile;
    private Path keyFile;

    private EtcdServer(Path dataDir, int clientPort, int peerPort) {
        this.dataDir = dataDir;
        this.clientPort = clientPort;
        this.peerPort = peerPort;
    }

    /**
     * Like {@link #start}, serving clients over TLS with a certificate for 127.0.0.1 signed by a CA made
     * here with openssl (see {@link #caFile()}); skips without openssl.
     */
    public static EtcdServer startTls(Path dir) throws IOException, InterruptedException {
        Path binary = List.of(Path.of("/usr/bin/etcd"), Path.of("/usr/local/bin/etcd")).stream().filter(Files::isExecutable).findFirst().orElse(null);
        Assumptions.assumeTrue(binary != null, "SKIPPED: no etcd binary (apt-get install etcd-server): the fleet tests need a real etcd");
        Assumptions.assumeTrue(Files.isExecutable(Path.of("/usr/bin/openssl")), "SKIPPED: no openssl to make the test CA");
        Path tls = Files.createDirectories(dir.resolve("tls"));
        Files.writeString(tls.resolve("ext.cnf"), "subjectAltName=IP:127.0.0.1\n");
        openssl(tls, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=hostwarden-test-ca");
        openssl(tls, "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1");
        openssl(tls, "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem",
                "-days", "2", "-extfile", "ext.cnf");
        EtcdServer server = new EtcdServer(dir.resolve("etcd-data"), freePort(), freePort());
        server.caFile = tls.resolve("ca.pem");
        server.certFile = tls.resolve("server.pem");
        server.keyFile = tls.resolve("server.key");
        server.launch(binary);
        return server;
    }

    private static void openssl(Path dir, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("/usr/bin/openssl"));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("openssl.log").toFile()).start();
        if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IOException("openssl " + String.join(" ", args) + " failed: " + Files.readString(dir.resolve("openssl.log")));
        }
    }

    /** The CA that signed a TLS server's certificate; null for a plain one. */
    public Path caFile() {
        return caFile;
    }

    /** Starts one in {@code dir}; skips the calling test when etcd is not installed. */
    public static EtcdServer start(Path dir) throws IOException, InterruptedException {
        Path binary = List.of(Path.of("/usr/bin/etcd"), Path.of("/usr/local/bin/etcd")).stream().filter(Files::isExecutable).findFirst().orElse(null);
        Assumptions.assumeTrue(binary != null, "SKIPPED: no etcd binary (apt-get install etcd-server): the fleet tests need a real etcd");
        EtcdServer server = new EtcdServer(dir.resolve("etcd-data"), freePort(), freePort());
        server.launch(binary);
        return server;
    }

    private void launch(Path binary) throws IOException, InterruptedException {
        String client = url();
        String peer = "http://127.0.0.1:" + peerPort;
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--name", "test", "--data-dir", dataDir.toString(),
                "--listen-client-urls", client, "--advertise-client-urls", client,
                "--listen-peer-urls", peer, "--initial-advertise-peer-urls", peer, "--initial-cluster", "test=" + peer));
        if (certFile != null) {
            command.addAll(List.of("--cert-file", certFile.toString(), "--key-file", keyFile.toString()));
        }
        process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dataDir.resolveSibling("etcd.log").toFile()).start();
        Waits.until("etcd answering on " + client, Duration.ofSeconds(30), this::answers);
    }

    /** Starts the same member again on the same data and ports (after {@link #kill()}). */
    public void restart() throws IOException, InterruptedException {
        launch(Path.of(process.info().command().orElse("/usr/bin/etcd")));
    }

    /**
     * Turns on etcd's authentication with one user {@code root} (role root) and {@code password},
     * through the JSON gateway as an operator would with etcdctl.
     */
    public void enableAuth(String password) throws IOException, InterruptedException {
        post("/v3/auth/user/add", "{\"name\":\"root\",\"password\":\"" + password + "\"}");
        post("/v3/auth/user/grant", "{\"user\":\"root\",\"role\":\"root\"}");
        post("/v3/auth/enable", "{}");
    }

    private void post(String path, String body) throws IOException, InterruptedException {
        var request = HttpRequest.newBuilder(URI.create(url() + path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).timeout(Duration.ofSeconds(5)).build();
        var response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("etcd refused " + path + ": " + response.body());
        }
    }

    private boolean answers() {
        if (caFile != null) {
            try {
                new EtcdClient(FleetConfig.parse(url(), null, null).withCaFile(caFile),
                        Duration.ofSeconds(1)).get("/hostwarden-test-ping");
                return true;
            } catch (IOException notYet) {
                return false;
            }
        }
        try {
            var http = HttpClient.newHttpClient();
            var request = HttpRequest.newBuilder(URI.create(url() + "/v3/kv/range"))
                    .POST(HttpRequest.BodyPublishers.ofString("{\"key\":\"AA==\"}")).timeout(Duration.ofSeconds(1)).build();
            return http.send(request, HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
        } catch (IOException notYet) {
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    public String url() {
        return (certFile != null ? "https" : "http") + "://127.0.0.1:" + clientPort;
    }

    public long pid() {
        return process.pid();
    }

    /** SIGSTOP / SIGCONT: etcd freezes with its sockets open, as a hung or partitioned member looks. */
    public void signal(String name) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start();
        kill.waitFor();
    }

    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    @Override
    public void close() throws InterruptedException {
        if (process != null && process.isAlive()) {
            try {
                signal("CONT");
            } catch (IOException ignored) {
                // Killed below either way.
            }
            kill();
        }
    }
}
