package dev.hostwarden.core.profiles;

import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.core.record.Tokens;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;

/** Real homes, markers and control sockets on disk for the profiles tests. */
final class ProfileHomesOnDisk {
    private ProfileHomesOnDisk() {
    }

    static Path profile(Path root, String name) throws IOException {
        return Files.createDirectories(root.resolve("profiles").resolve(name));
    }

    /** A planned-stop marker naming {@code target}, written {@code secondsAgo} ago. */
    static Path marker(Path home, long target, long secondsAgo) throws IOException {
        String writtenAt = OffsetDateTime.now(ZoneOffset.UTC).minusSeconds(secondsAgo).toString();
        return Files.writeString(home.resolve(".gateway-planned-stop.json"), "{\"target_pid\": " + target
                + ", \"target_start_time\": null, \"stopper_pid\": 1, \"written_at\": \"" + writtenAt + "\"}");
    }

    /** This JVM as the live gateway owner of {@code home}: holds the host lock and publishes its record. */
    static HostRecord ownTheGatewayRole(HostRendezvous rendezvous, Path home) {
        if (!rendezvous.claimHostLock(Role.GATEWAY).acquired()) {
            throw new AssertionError("could not claim the gateway host lock in " + rendezvous.dir().path());
        }
        return rendezvous.publishRecord(Role.GATEWAY, "", null, List.of(), Tokens.newToken(), home.toString());
    }

    static HostRendezvous rendezvous(Path dir) {
        return Fixtures.rendezvous(dir);
    }

    /** A control socket at {@code home} that accepts and answers every request with {@code reply}. */
    static ServerSocketChannel answering(Path home, String reply) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(home.resolve("gateway.sock")));
        Thread thread = new Thread(() -> {
            while (server.isOpen()) {
                try (SocketChannel client = server.accept()) {
                    client.read(ByteBuffer.allocate(4096));
                    client.write(ByteBuffer.wrap(reply.getBytes(StandardCharsets.UTF_8)));
                } catch (IOException closed) {
                    return;
                }
            }
        }, "garbage-control-socket");
        thread.setDaemon(true);
        thread.start();
        return server;
    }

    /** A control socket at {@code home} that takes connections (the kernel's backlog) and never answers. */
    static ServerSocketChannel silent(Path home) throws IOException {
        return silent(home, 0);
    }

    /** As {@link #silent(Path)} with a connection backlog of {@code backlog} (0: the system's default). */
    static ServerSocketChannel silent(Path home, int backlog) throws IOException {
        ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        server.bind(UnixDomainSocketAddress.of(home.resolve("gateway.sock")), backlog);
        return server;
    }

    /** Every path under {@code root} with its kind, size and modification time: equal snapshots mean nothing was written. */
    static TreeMap<String, String> snapshot(Path root) throws IOException {
        TreeMap<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path path : (Iterable<Path>) walk::iterator) {
                BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                files.put(root.relativize(path).toString(), (attributes.isDirectory() ? "dir" : attributes.isOther() ? "other" : "file")
                        + " " + (attributes.isDirectory() ? "" : attributes.size() + " " + attributes.lastModifiedTime().toMillis()));
            }
        }
        return files;
    }
}
