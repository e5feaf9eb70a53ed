package dev.hostwarden.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hostwarden.core.Fixtures;
import dev.hostwarden.core.platform.Platform;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Owner-only atomic writes, bounded no-follow reads, and ownership. */
class PrivateFilesTest {
    @TempDir
    Path dir;

    private List<String> names() throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(path -> path.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    private static Object inode(Path path) throws IOException {
        return Files.getAttribute(path, "unix:ino", LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void aNewFileIsOwnerOnlyFromCreation() throws IOException {
        assumeTrue(Platform.current().hasPosixPermissions(), "POSIX modes");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxrwxrwx"));
        Path token = dir.resolve("host-serve.token");
        PrivateFiles.writeAtomically(token, "secret".getBytes(StandardCharsets.UTF_8));
        assertEquals("rw-------", Fixtures.modeOf(token));
        assertEquals("secret", Files.readString(token));
    }

    @Test
    void replacingALooseFileMakesItOwnerOnlyAndNeverWritesInPlace() throws IOException {
        assumeTrue(Platform.current().hasPosixPermissions(), "POSIX modes");
        Path record = Files.writeString(dir.resolve("host-serve.json"), "old");
        Files.setPosixFilePermissions(record, PosixFilePermissions.fromString("rw-r--r--"));
        Object before = inode(record);
        PrivateFiles.writeAtomically(record, "new".getBytes(StandardCharsets.UTF_8));
        assertEquals("rw-------", Fixtures.modeOf(record));
        assertEquals("new", Files.readString(record));
        assertNotEquals(before, inode(record), "a new inode is renamed over the old one");
    }

    @Test
    void atomicReplaceLeavesNoTemporaryFiles() throws IOException {
        Path record = dir.resolve("host-gateway.json");
        for (int i = 0; i < 20; i++) {
            PrivateFiles.writeAtomically(record, ("{\"n\":" + i + "}").getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(List.of("host-gateway.json"), names());
        assertEquals("{\"n\":19}", Files.readString(record));
    }

    @Test
    void aFailedReplaceLeavesNoTemporaryFileAndTheTargetIntact() throws IOException {
        Path inTheWay = Files.createDirectory(dir.resolve("host-gateway.json"));
        Files.writeString(inTheWay.resolve("child"), "keep");
        assertThrows(IOException.class, () -> PrivateFiles.writeAtomically(inTheWay, "x".getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of("host-gateway.json"), names());
        assertEquals("keep", Files.readString(inTheWay.resolve("child")));
    }

    @Test
    void readsUpToTheLimitAndRefusesMore() throws IOException {
        Path exact = Files.write(dir.resolve("exact"), new byte[PrivateFiles.MAX_BYTES]);
        assertEquals(PrivateFiles.MAX_BYTES, PrivateFiles.readSmall(exact).orElseThrow().length);
        byte[] big = new byte[PrivateFiles.MAX_BYTES + 1];
        Arrays.fill(big, (byte) ' ');
        Path oversized = Files.write(dir.resolve("oversized"), big);
        PrivateFiles.OversizedFileException refused = assertThrows(PrivateFiles.OversizedFileException.class,
                () -> PrivateFiles.readSmall(oversized));
        assertEquals(PrivateFiles.MAX_BYTES + 1L, refused.size());
    }

    @Test
    void aMissingFileReadsAsEmpty() throws IOException {
        assertEquals(Optional.empty(), PrivateFiles.readSmall(dir.resolve("missing")));
        assertEquals(PrivateFiles.Kind.ABSENT, PrivateFiles.kindOf(dir.resolve("missing")));
    }

    @Test
    void aSymbolicLinkIsNeverFollowed() throws IOException {
        Path target = Files.writeString(dir.resolve("target"), "{\"role\":\"gateway\",\"pid\":1}");
        Path link = Files.createSymbolicLink(dir.resolve("host-gateway.json"), target);
        assertEquals(PrivateFiles.Kind.SYMLINK, PrivateFiles.kindOf(link));
        assertThrows(IOException.class, () -> PrivateFiles.readSmall(link), "reading through a link must fail");

        assertTrue(PrivateFiles.remove(link));
        assertFalse(Files.exists(link, LinkOption.NOFOLLOW_LINKS));
        assertEquals("{\"role\":\"gateway\",\"pid\":1}", Files.readString(target), "the link's target survives");

        Path again = Files.createSymbolicLink(dir.resolve("host-serve.json"), target);
        PrivateFiles.writeAtomically(again, "mine".getBytes(StandardCharsets.UTF_8));
        assertEquals(PrivateFiles.Kind.REGULAR, PrivateFiles.kindOf(again), "the link itself is replaced");
        assertEquals("{\"role\":\"gateway\",\"pid\":1}", Files.readString(target), "never written through");
    }

    @Test
    void aDanglingLinkAndADirectoryAreKnownForWhatTheyAre() throws IOException {
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), dir.resolve("nowhere"));
        assertEquals(PrivateFiles.Kind.SYMLINK, PrivateFiles.kindOf(dangling));
        assertEquals(PrivateFiles.Kind.OTHER, PrivateFiles.kindOf(Files.createDirectory(dir.resolve("sub"))));
        assertEquals(PrivateFiles.Kind.REGULAR, PrivateFiles.kindOf(Files.createFile(dir.resolve("file"))));
    }

    @Test
    void ownFilesAreOwnAndForeignOnesAreNot() throws IOException {
        Path own = Files.writeString(dir.resolve("own"), "x");
        assertTrue(PrivateFiles.ownedByCurrentUser(own));
        Fixtures.assumeRoot("a file of another uid needs chown");
        Path foreign = Files.writeString(dir.resolve("foreign"), "x");
        Files.setAttribute(foreign, "unix:uid", 65534);
        assertFalse(PrivateFiles.ownedByCurrentUser(foreign));
        assertEquals(65534, PrivateFiles.uidOf(foreign));
        Files.setAttribute(dir, "unix:uid", 65534);
        assertFalse(PrivateFiles.ownedByCurrentUser(own), "a file in another user's directory is not ours either");
        Files.setAttribute(dir, "unix:uid", 0);
    }

    @Test
    void writtenBytesReadBackExactly() throws IOException {
        byte[] bytes = new byte[4096];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) i;
        }
        Path file = dir.resolve("bytes");
        PrivateFiles.writeAtomically(file, bytes);
        assertArrayEquals(bytes, PrivateFiles.readSmall(file).orElseThrow());
    }
}
