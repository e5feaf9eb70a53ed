package dev.hostwarden.diagnostics;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.Tokens;
import dev.hostwarden.report.Redactor;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * The zip handed to support: entries passed through the {@link Redactor} as they are added, each
 * item left out with its reason, and {@code manifest.json} listing every entry's size and SHA-256.
 */
public final class DiagnosticsBundle {
    private final Redactor redactor;
    private final Map<String, byte[]> entries = new LinkedHashMap<>();
    private final Map<String, String> leftOut = new LinkedHashMap<>();

    public DiagnosticsBundle(Redactor redactor) {
        this.redactor = redactor;
    }

    public void add(String name, String text) {
        add(name, text.getBytes(StandardCharsets.UTF_8));
    }

    public void add(String name, byte[] utf8) {
        entries.put(name, redactor.redact(utf8));
    }

    public void leaveOut(String name, String reason) {
        leftOut.put(name, redactor.redact(reason));
    }

    public Map<String, byte[]> entries() {
        return entries;
    }

    public Map<String, String> leftOut() {
        return leftOut;
    }

    ObjectNode manifest() {
        ObjectNode manifest = JsonTrees.object();
        manifest.put("createdAt", Instant.now().toString());
        manifest.put("redaction", "the home directory is <HOME>; tokens and secret values appear only as <secret fingerprint F> "
                + "(the first 16 hex digits of their SHA-256)");
        ArrayNode list = manifest.putArray("entries");
        entries.forEach((name, bytes) -> list.addObject().put("name", name).put("size", bytes.length).put("sha256", Tokens.sha256Hex(bytes)));
        ArrayNode out = manifest.putArray("leftOut");
        leftOut.forEach((name, reason) -> out.addObject().put("name", name).put("reason", reason));
        return manifest;
    }

    /**
     * Writes the zip, mode 0600 from creation, through a temporary file moved into place: a reader
     * never sees half a bundle. An existing {@code target} is never replaced.
     */
    public void write(Path target) throws IOException {
        Path absolute = target.toAbsolutePath().normalize();
        if (Files.exists(absolute, LinkOption.NOFOLLOW_LINKS)) {
            throw new FileAlreadyExistsException(absolute.toString(), null, "already exists (not replaced)");
        }
        Path temp = absolute.resolveSibling("." + absolute.getFileName() + "." + Platform.currentPid() + ".tmp");
        FileAttribute<?>[] ownerOnly = Platform.current().hasPosixPermissions()
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------"))} : new FileAttribute<?>[0];
        Files.deleteIfExists(temp);
        Files.createFile(temp, ownerOnly);
        try {
            try (OutputStream file = Files.newOutputStream(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
                    ZipOutputStream zip = new ZipOutputStream(file)) {
                List<Map.Entry<String, byte[]>> all = new ArrayList<>(entries.entrySet());
                all.add(Map.entry("manifest.json", JsonTrees.pretty(manifest()).getBytes(StandardCharsets.UTF_8)));
                for (Map.Entry<String, byte[]> entry : all) {
                    zip.putNextEntry(new ZipEntry(entry.getKey()));
                    zip.write(entry.getValue());
                    zip.closeEntry();
                }
            }
            Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
