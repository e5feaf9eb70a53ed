package dev.hostwarden.core.profiles;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.IoMessages;
import dev.hostwarden.core.process.ProcessInspector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.Objects;

/**
 * "Clear expired marker": removes a home's planned-stop marker only when it is past its TTL or names
 * a process that is gone; a live marker may be a stop in progress and is kept.
 */
public final class MarkerClearance {
    public enum Outcome { CLEARED, WOULD_CLEAR, REFUSED, NO_MARKER }

    /** What happened, with the preview words ({@link ProfileActions#clearMarkerPreview}) or why not. */
    public record Result(Outcome outcome, Path path, String message) {
    }

    private MarkerClearance() {
    }

    public static Result clear(Path home, ProcessInspector inspector, boolean dryRun) {
        MarkerView marker = MarkerView.of(home, inspector);
        if (marker == null) {
            return new Result(Outcome.NO_MARKER, PlannedStopMarker.pathFor(home), "no planned-stop marker in " + home);
        }
        String preview = ProfileActions.clearMarkerPreview(marker);
        if (!marker.clearable() || isNotRegular(marker.path())) {
            String why = marker.clearable() ? ProfileActions.CLEAR_MARKER + ": keeps " + marker.path() + ", which " + marker.problem()
                    + "; only a regular file is removed" : preview;
            return new Result(Outcome.REFUSED, marker.path(), why);
        }
        if (dryRun) {
            return new Result(Outcome.WOULD_CLEAR, marker.path(), preview);
        }
        Object judged = identity(marker.path());
        // A stopper may have written a fresh marker since it was judged: remove only the file judged.
        MarkerView again = MarkerView.of(home, inspector);
        if (judged == null || again == null || !again.clearable() || !Objects.equals(judged, identity(marker.path()))) {
            return new Result(Outcome.REFUSED, marker.path(), ProfileActions.CLEAR_MARKER + ": keeps " + marker.path()
                    + ", which changed while it was judged; look again");
        }
        try {
            PrivateFiles.remove(marker.path());
        } catch (IOException failed) {
            return new Result(Outcome.REFUSED, marker.path(), ProfileActions.CLEAR_MARKER + ": " + marker.path()
                    + " cannot be removed: " + IoMessages.describe(failed));
        }
        return new Result(Outcome.CLEARED, marker.path(), preview);
    }

    private static boolean isNotRegular(Path path) {
        try {
            return PrivateFiles.kindOf(path) != PrivateFiles.Kind.REGULAR;
        } catch (IOException unknown) {
            return true;
        }
    }

    /** The file's identity and modification time, or null when it cannot be read. */
    private static Object identity(Path path) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime(), attributes.size());
        } catch (IOException gone) {
            return null;
        }
    }
}
