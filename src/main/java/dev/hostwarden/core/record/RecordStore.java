package dev.hostwarden.core.record;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.CurrentUser;
import dev.hostwarden.core.platform.IoMessages;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Path;
import java.util.Optional;

/** Reads and writes the record and token files of one rendezvous directory. */
public final class RecordStore {
    private final RendezvousDir dir;

    public RecordStore(RendezvousDir dir) {
        this.dir = dir;
    }

    public RendezvousDir dir() {
        return dir;
    }

    public RecordRead read(Role role) {
        Path path = dir.recordPath(role);
        try {
            switch (PrivateFiles.kindOf(path)) {
                case ABSENT:
                    return new RecordRead.Absent();
                case SYMLINK:
                    return new RecordRead.Corrupt("the record path is a symbolic link; links are never followed");
                case OTHER:
                    return new RecordRead.Corrupt("the record path " + path + " is " + PrivateFiles.typeName(path)
                            + ", not a record file; it is never opened");
                default:
                    break;
            }
            if (!PrivateFiles.ownedByCurrentUser(path)) {
                return new RecordRead.Foreign(foreignMessage(path));
            }
            Optional<byte[]> bytes = PrivateFiles.readSmall(path);
            if (bytes.isEmpty()) {
                return new RecordRead.Absent();
            }
            return new RecordRead.Present(RecordCodec.decode(bytes.get()));
        } catch (PrivateFiles.OversizedFileException oversized) {
            return new RecordRead.Corrupt("the record is larger than 1 MiB (" + oversized.size() + " bytes) and was not loaded");
        } catch (RecordCodec.CorruptRecordException corrupt) {
            return new RecordRead.Corrupt(corrupt.getMessage());
        } catch (AccessDeniedException denied) {
            return new RecordRead.Corrupt("the record cannot be read: permission denied");
        } catch (IOException unreadable) {
            return new RecordRead.Corrupt("the record cannot be read: " + IoMessages.describe(unreadable));
        }
    }

    private static String foreignMessage(Path path) throws IOException {
        return "the record " + path + " belongs to another user (file uid " + PrivateFiles.uidOf(path) + ", directory uid "
                + PrivateFiles.uidOf(path.getParent()) + ", expected " + CurrentUser.uid() + "); it is ignored";
    }

    /**
     * The role's token, whitespace stripped; empty when missing, unreadable, foreign, a link, or not
     * UTF-8 (hermes' {@code read_text(encoding="utf-8-sig").strip()}, which drops a leading byte
     * order mark and has no token when decoding raises).
     */
    public Optional<String> readToken(Role role) {
        Path path = dir.tokenPath(role);
        try {
            if (PrivateFiles.kindOf(path) != PrivateFiles.Kind.REGULAR || !PrivateFiles.ownedByCurrentUser(path)) {
                return Optional.empty();
            }
            Optional<byte[]> bytes = PrivateFiles.readSmall(path);
            if (bytes.isEmpty()) {
                return Optional.empty();
            }
            String text = PrivateFiles.strictUtf8(bytes.get());
            return Optional.of((text.startsWith("\uFEFF") ? text.substring(1) : text).strip());
        } catch (IOException unreadable) {
            return Optional.empty();
        }
    }

    /** hermes' {@code record_token_is_consistent}: no fingerprint, or the token on disk matches it. */
    public boolean tokenIsConsistent(HostRecord record) {
        if (record.tokenFingerprint().isEmpty()) {
            return true;
        }
        Optional<String> token = readToken(record.role());
        return token.isPresent() && Tokens.fingerprint(token.get()).equals(record.tokenFingerprint());
    }

    /**
     * Publishes a record: the directory is ensured, the token written first (never a record without
     * its token), then the record, both atomically and 0600.
     */
    public void publish(HostRecord record, String token) throws IOException {
        dir.ensure();
        if (token != null && !token.isEmpty()) {
            PrivateFiles.writeAtomically(dir.tokenPath(record.role()), token.getBytes(StandardCharsets.UTF_8));
        }
        PrivateFiles.writeAtomically(dir.recordPath(record.role()), RecordCodec.encode(record));
    }
}
