package dev.hostwarden.core.marker;

import dev.hostwarden.core.io.JsonStreams;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RecordCodec;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code <HERMES_HOME>/.gateway-planned-stop.json}: written by a stopper before it signals (or, on
 * Windows, instead of signalling), so the owner knows the stop is intended, drains, and exits 0.
 * Fields: {@code target_pid}, {@code target_start_time}, {@code stopper_pid}, {@code written_at}.
 */
public final class PlannedStopMarker {
    public static final String FILE_NAME = ".gateway-planned-stop.json";

    private PlannedStopMarker() {
    }

    public static Path pathFor(Path home) {
        return home.resolve(FILE_NAME);
    }

    public static PidMarker at(Path path) {
        return new PidMarker(path, "stopper_pid");
    }

    public static PidMarker forHome(Path home) {
        return at(pathFor(home));
    }

    /** hermes' {@code write_planned_stop_marker}: names the target as measured now, this process as the stopper. */
    public static boolean write(Path home, long targetPid, ProcessInspector inspector) {
        return forHome(home).write(contents(targetPid, inspector));
    }

    /** As {@link #write}, returning why it failed instead of logging it: the caller says it in its own one line. */
    public static Optional<String> tryWrite(Path home, long targetPid, ProcessInspector inspector) {
        return forHome(home).tryWrite(contents(targetPid, inspector));
    }

    private static JsonStreams.Document contents(long targetPid, ProcessInspector inspector) {
        return marker -> {
            marker.writeStartObject();
            PidMarker.writeHead(marker, targetPid, inspector);
            marker.writeNumberField("stopper_pid", Platform.currentPid());
            marker.writeStringField("written_at", RecordCodec.utcNow());
            marker.writeEndObject();
        };
    }
}
