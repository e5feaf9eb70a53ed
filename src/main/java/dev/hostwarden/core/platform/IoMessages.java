package dev.hostwarden.core.platform;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.util.Locale;

/** Plain-language descriptions of I/O failures: no exception class names reach the user. */
public final class IoMessages {
    private IoMessages() {
    }

    public static String describe(IOException error) {
        if (error instanceof AccessDeniedException denied) {
            return "permission denied: " + subject(denied);
        }
        if (error instanceof NoSuchFileException missing) {
            return "no such file or directory: " + subject(missing);
        }
        if (error instanceof NotDirectoryException notDir) {
            return "not a directory: " + subject(notDir);
        }
        if (error instanceof FileAlreadyExistsException exists) {
            return "a file is in the way: " + subject(exists);
        }
        if (error instanceof FileSystemException fs) {
            String reason = fs.getReason() == null ? "cannot be used" : fs.getReason().toLowerCase(Locale.ROOT);
            return reason + ": " + subject(fs);
        }
        return error.getMessage() == null ? "input/output error" : error.getMessage();
    }

    /**
     * The file a person knows: for a failed rename (an atomic write's last step) the destination,
     * not the temporary file it came from.
     */
    private static String subject(FileSystemException error) {
        return error.getOtherFile() != null ? error.getOtherFile() : error.getFile();
    }
}
