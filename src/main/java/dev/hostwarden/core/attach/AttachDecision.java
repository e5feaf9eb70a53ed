package dev.hostwarden.core.attach;

/**
 * What a starting gateway should do about the host owner: hermes' {@code HostAttachDecision}.
 *
 * @param owner     the proven owner, or null
 * @param transient true when the refusal is a runtime observation a supervisor should retry (exit 75)
 */
public record AttachDecision(Outcome outcome, String message, HostGateway owner, boolean transient_) {

    public enum Outcome {
        START("start"), ATTACH("attach"), REFUSE("refuse"), REPLACE_HOST("replace-host");

        private final String wireName;

        Outcome(String wireName) {
            this.wireName = wireName;
        }

        public String wireName() {
            return wireName;
        }
    }

    /** The exit code of {@code gateway run} for this decision (0 start/attach interactive, 75 retry, 78 park). */
    public int exitCode(boolean supervised) {
        return switch (outcome) {
            case START, REPLACE_HOST -> 0;
            case ATTACH -> supervised ? 75 : 0;
            case REFUSE -> transient_ ? 75 : 78;
        };
    }
}
