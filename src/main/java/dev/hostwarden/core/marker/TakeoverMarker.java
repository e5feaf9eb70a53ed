package dev.hostwarden.core.marker;

import com.fasterxml.jackson.databind.node.ObjectNode;
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
        ObjectNode marker = PidMarker.head(targetPid, inspector);
        marker.put("target_hermes_home", targetHome.toAbsolutePath().normalize().toString());
        marker.put("replacer_pid", Platform.currentPid());
        marker.put("replacer_hermes_home", HermesHome.resolve(Environment.system()).toString());
        marker.put("written_at", RecordCodec.utcNow());
        return forHome(home).write(marker);
    }
}
