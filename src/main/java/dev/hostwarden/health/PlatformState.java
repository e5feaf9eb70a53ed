package dev.hostwarden.health;

/**
 * One messaging platform of a gateway as its runtime status file describes it ({@code platforms} in
 * {@code gateway_state.json}). Fields the file leaves out (or gives the wrong type) are null.
 *
 * @param name           the platform ({@code telegram}, {@code discord}, …)
 * @param profile        the profile it serves: a multiplexing gateway keys a served profile's platforms
 *                       {@code <profile>:<platform>}; a flat key is the default profile
 * @param errorMessage   free text from the platform, as written: it may quote a credential, so it is
 *                       redacted wherever it is shown
 * @param retryingSince  since when it has been retrying, if it is
 */
public record PlatformState(String name, String profile, String state, String errorCode, String errorMessage, boolean needsAttention,
                            String retryingSince, String updatedAt) {

    /** The default profile's name, as hermes calls the root home. */
    public static final String DEFAULT_PROFILE = "default";

    /** The platform's condition, for a glyph and for deciding what is news. */
    public enum Condition { CONNECTED, CONNECTING, FAILED, NEEDS_ATTENTION }

    public Condition condition() {
        if (needsAttention) {
            return Condition.NEEDS_ATTENTION;
        }
        if (state == null) {
            return Condition.CONNECTING;
        }
        return switch (state) {
            case "connected", "running", "ready" -> Condition.CONNECTED;
            case "connecting", "retrying", "starting", "reconnecting" -> Condition.CONNECTING;
            default -> Condition.FAILED;
        };
    }

    /** Since when it is in this condition, as written (the retry's start, else the last update), or null. */
    public String since() {
        return retryingSince != null ? retryingSince : updatedAt;
    }

    /** "discord (profile work)" or "telegram" for the default profile. */
    public String describe() {
        return DEFAULT_PROFILE.equals(profile) ? name : name + " (profile " + profile + ")";
    }
}
