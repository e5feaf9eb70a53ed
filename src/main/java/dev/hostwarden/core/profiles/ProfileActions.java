package dev.hostwarden.core.profiles;

import dev.hostwarden.core.marker.PidMarker;
import dev.hostwarden.core.proof.ControlSocket;

/** The actions on profiles, with the words the command line and the panel both show before acting. */
public final class ProfileActions {
    public static final String RESCAN = "Rescan profiles";
    public static final String CLEAR_MARKER = "Clear expired marker";

    private ProfileActions() {
    }

    /** What "Rescan profiles" will do, or why it cannot be done now. */
    public static String rescanPreview(GatewayOwnerView owner) {
        if (!owner.live()) {
            return RESCAN + ": not possible, " + owner.why();
        }
        return RESCAN + ": asks the gateway owner PID " + owner.pid() + " (control socket " + ControlSocket.pathFor(owner.home())
                + ") to re-read " + owner.home().resolve("profiles") + " and publish the profiles it serves (now: " + owner.servedText() + ")";
    }

    /** What "Clear expired marker" will do to this marker, or why it keeps it. */
    public static String clearMarkerPreview(MarkerView marker) {
        if (marker.clearable()) {
            return CLEAR_MARKER + ": removes " + marker.path() + ", which " + marker.describe();
        }
        return CLEAR_MARKER + ": keeps " + marker.path() + ", which " + marker.describe() + "; a marker is removed only past its "
                + PidMarker.TTL.toSeconds() + " s TTL or when the process it names is gone";
    }
}
