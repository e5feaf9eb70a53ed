package dev.hostwarden.panel;

import dev.hostwarden.core.lock.ClaimResult;
import dev.hostwarden.core.lock.FileLocks;
import dev.hostwarden.core.lock.LockOutcome;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Tokens;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One panel per user. A tray panel launched twice (an autostart entry plus a click on the menu
 * icon) would otherwise show two icons and watch everything twice. The first launch holds an OS lock
 * on {@code panel.lock} in Hostwarden's state directory and listens on {@code panel.sock} beside it;
 * a later launch finds the lock held, asks the first to bring its window forward, and exits. The
 * panel takes its own medicine: the lock is the same flock the host locks use, so a panel that died
 * (even by SIGKILL) leaves nothing that blocks the next one.
 */
public final class PanelInstance implements AutoCloseable {
    /** What a launch found. */
    public enum Claim {
        /** This process is the panel. */
        FIRST,
        /** Another panel holds the lock and brought its window forward: this launch should exit. */
        ALREADY_RUNNING,
        /** Another panel holds the lock but did not answer in time (frozen, or stuck shutting down). */
        NOT_ANSWERING,
        /** The lock cannot be used here (state directory not writable): run unguarded. */
        UNGUARDED
    }

    static final String LOCK_NAME = "hostwarden-panel";
    private static final String SHOW = "show";
    private static final int MAX_LINE = 256;
    /** sun_path holds 108 bytes on Linux and 104 on macOS. */
    private static final int MAX_SOCKET_PATH = 100;

    private final Path lock;
    private final Path socket;
    private final Duration patience;
    private ServerSocketChannel server;
    private boolean closed;
    private volatile String detail = "";

    /** A panel instance guarded in {@code stateDir}; a later launch waits {@code patience} for an answer. */
    public PanelInstance(Path stateDir, Duration patience) {
        this.lock = stateDir.resolve("panel.lock");
        this.socket = socketPath(stateDir);
        this.patience = patience;
    }

    /**
     * {@code panel.sock} in the state directory, or, when that path is too long for a Unix socket, a
     * name in the temp directory derived from the state directory, so every launch finds the same one.
     */
    static Path socketPath(Path stateDir) {
        Path inDir = stateDir.resolve("panel.sock");
        if (inDir.toString().getBytes(StandardCharsets.UTF_8).length <= MAX_SOCKET_PATH) {
            return inDir;
        }
        byte[] dir = stateDir.toAbsolutePath().normalize().toString().getBytes(StandardCharsets.UTF_8);
        return Path.of(System.getProperty("java.io.tmpdir"), "hostwarden-panel-" + Tokens.sha256Hex(dir).substring(0, 16) + ".sock");
    }

    /**
     * Claims the panel. FIRST: {@code onShow} runs (on a background thread) whenever a later launch
     * asks for the window. A panel still starting or shutting down gets until {@code patience} ends:
     * the claim retries the lock and the question until then.
     */
    public Claim claim(Runnable onShow) {
        try {
            Files.createDirectories(lock.getParent());
        } catch (IOException unusable) {
            detail = "the state directory " + lock.getParent() + " cannot be created: " + unusable.getMessage();
            return Claim.UNGUARDED;
        }
        if (FileLocks.owns(LOCK_NAME, lock)) {
            detail = "this process already runs the panel";
            return Claim.ALREADY_RUNNING;
        }
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            ClaimResult result = FileLocks.tryClaim(LOCK_NAME, lock);
            if (result.outcome() == LockOutcome.ACQUIRED) {
                // The socket is bound on the acceptor's own thread: the first Unix socket sets up the JDK's
                // security providers (for a random name it never uses), about 30 ms the launch need not wait
                // for. A later launch that comes meanwhile finds the lock held and no socket yet, and asks
                // again, as it does while a panel starts.
                Thread acceptor = new Thread(new Listener(onShow), "panel-instance");
                acceptor.setDaemon(true);
                acceptor.start();
                return Claim.FIRST;
            }
            if (result.outcome() == LockOutcome.COULD_NOT_OPEN) {
                detail = "the panel lock " + lock + " cannot be opened: " + result.error().getMessage();
                return Claim.UNGUARDED;
            }
            String answer = askToShow(deadline);
            if (answer != null) {
                detail = answer;
                return Claim.ALREADY_RUNNING;
            }
            if (System.nanoTime() >= deadline) {
                detail = "another panel holds " + lock + " but did not answer within " + patience.toSeconds() + " s";
                return Claim.NOT_ANSWERING;
            }
            try {
                // The holder is starting (not listening yet) or shutting down (about to release).
                Thread.sleep(50);
            } catch (InterruptedException interrupted) {
                Thread.currentThread().interrupt();
                return Claim.NOT_ANSWERING;
            }
        }
    }

    /** The other panel's answer, or why the claim ended as it did. */
    public String detail() {
        return detail;
    }

    /** Binds the socket and serves "show" requests; a socket that cannot be bound leaves later launches unable to reach us. */
    private final class Listener implements Runnable {
        private final Runnable onShow;

        Listener(Runnable onShow) {
            this.onShow = onShow;
        }

        @Override
        public void run() {
            ServerSocketChannel listening;
            try {
                listening = listen();
            } catch (IOException | RuntimeException unbindable) {
                // Still the only panel (we hold the lock); later launches just cannot reach us.
                detail = "cannot listen on " + socket + ": " + unbindable.getMessage();
                return;
            }
            if (listening != null) {
                acceptLoop(listening, onShow);
            }
        }
    }

    /** The bound server socket, or null when the instance was closed meanwhile. */
    private synchronized ServerSocketChannel listen() throws IOException {
        if (closed) {
            return null;
        }
        // We hold the lock, so a socket file here is a dead panel's: replace it.
        Files.deleteIfExists(socket);
        server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(socket));
        if (Platform.current().hasPosixPermissions()) {
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
        }
        return server;
    }

    private static void acceptLoop(ServerSocketChannel listening, Runnable onShow) {
        while (listening.isOpen()) {
            try (SocketChannel client = listening.accept()) {
                if (SHOW.equals(readLine(client))) {
                    onShow.run();
                    write(client, "shown by PID " + Platform.currentPid());
                }
            } catch (IOException closedOrDropped) {
                if (!listening.isOpen()) {
                    return;
                }
            }
        }
    }

    /** Asks the lock holder to show its window; its answer, or null when it did not answer by the deadline. */
    private String askToShow(long deadline) {
        if (!Files.exists(socket)) {
            return null;
        }
        long remaining = deadline - System.nanoTime();
        CompletableFuture<String> exchange = CompletableFuture.supplyAsync(() -> {
            try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket))) {
                write(channel, SHOW);
                return readLine(channel);
            } catch (IOException unreachable) {
                return null;
            }
        });
        try {
            return exchange.get(Math.max(remaining, TimeUnit.MILLISECONDS.toNanos(200)), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException silent) {
            exchange.cancel(true);
            return null;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    private static String readLine(SocketChannel channel) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        ByteBuffer in = ByteBuffer.allocate(64);
        while (line.size() <= MAX_LINE && channel.read(in) >= 0) {
            in.flip();
            while (in.hasRemaining()) {
                byte b = in.get();
                if (b == '\n') {
                    return line.toString(StandardCharsets.UTF_8);
                }
                line.write(b);
            }
            in.clear();
        }
        return null;
    }

    private static void write(SocketChannel channel, String line) throws IOException {
        ByteBuffer out = ByteBuffer.wrap((line + "\n").getBytes(StandardCharsets.UTF_8));
        while (out.hasRemaining()) {
            channel.write(out);
        }
    }

    /** Stops listening, removes the socket file and releases the lock (the lock file stays). */
    @Override
    public synchronized void close() {
        closed = true;
        if (server != null) {
            try {
                server.close();
                Files.deleteIfExists(socket);
            } catch (IOException ignored) {
                // The next panel replaces a leftover socket file.
            }
            server = null;
        }
        FileLocks.release(LOCK_NAME, lock);
    }
}
