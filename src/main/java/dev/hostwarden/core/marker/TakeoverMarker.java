package dev.hostwarden.core.marker;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.RecordCodec;
import java.nio.file.Path;

/**
 * {@code <HERMES_HOME>/.gateway-takeover.json}: the planned-stop marker of {@code --replace}, with the
 * homes of both sides so a takeover aimed at another profile's gateway is never consumed here
 * (hermes #29092).
 */
public final class TakeoverMarker {
    public static final String FILE_NAME = ".gateway-takeover.json";

    private TakeoverMarker() {
    }

    public static Path pathFor(Path home) {
        return home.resolve(FILE_NAME);
    }

    public static PidMarker at(Path path) {
        return new PidMarker(path, "replacer_pid");
    }

    public static PidMarker forHome(Path home) {
        return at(pathFor(home));
    }

    public static boolean write(Path home, long targetPid, Path targetHome, ProcessInspector inspector) {
        return forHome(home).write(marker -> {
            marker.writeStartObject();
            PidMarker.writeHead(marker, targetPid, inspector);
            marker.writeStringField("target_hermes_home", targetHome.toAbsolutePath().normalize().toString());
            marker.writeNumberField("replacer_pid", Platform.currentPid());
            marker.writeStringField("replacer_hermes_home", HermesHome.resolve(Environment.system()).toString());
            marker.writeStringField("written_at", RecordCodec.utcNow());
            marker.writeEndObject();
        });
    }
}
