package dev.hostwarden.supervise;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/**
 * How hard a role is kept owned, from {@code roles.<role>.supervise} in the settings file: the delay
 * before each start attempt doubles from {@code backoffInitialSeconds} to {@code backoffMaxSeconds};
 * an owner that stays live for {@code minUptimeSeconds} resets it; after {@code maxFailedStarts}
 * failed starts within {@code windowSeconds} the supervisor gives up on the role until someone starts
 * it again. Every value is checked, and a bad one is named in one line.
 */
public record SupervisionPolicy(Duration backoffInitial, Duration backoffMax, Duration minUptime, int maxFailedStarts, Duration window) {

    public static final SupervisionPolicy DEFAULT = new SupervisionPolicy(Duration.ofSeconds(1), Duration.ofSeconds(60),
            Duration.ofSeconds(30), 5, Duration.ofSeconds(600));

    private static final long MAX_SECONDS = 86_400;
    private static final Set<String> KEYS = Set.of("backoffInitialSeconds", "backoffMaxSeconds", "minUptimeSeconds", "maxFailedStarts",
            "windowSeconds");

    /** A policy that cannot be used; the message names where and the bad value. */
    public static final class BadPolicyException extends Exception {
        public BadPolicyException(String message) {
            super(message);
        }
    }

    /**
     * The policy {@code node} writes (missing keys keep their defaults); {@code where} names it in an
     * error ("settings file F, role gateway").
     */
    public static SupervisionPolicy from(JsonNode node, String where) throws BadPolicyException {
        if (!node.isObject()) {
            throw new BadPolicyException(where + ": supervise must be an object of settings, got " + shown(node));
        }
        for (Map.Entry<String, JsonNode> field : node.properties()) {
            if (!KEYS.contains(field.getKey())) {
                throw new BadPolicyException(where + ": supervise." + field.getKey() + " is not a setting (known: backoffInitialSeconds, "
                        + "backoffMaxSeconds, minUptimeSeconds, maxFailedStarts, windowSeconds)");
            }
        }
        Duration initial = seconds(node, "backoffInitialSeconds", DEFAULT.backoffInitial(), 0, where);
        Duration max = seconds(node, "backoffMaxSeconds", DEFAULT.backoffMax(), 0, where);
        Duration uptime = seconds(node, "minUptimeSeconds", DEFAULT.minUptime(), 0, where);
        Duration window = seconds(node, "windowSeconds", DEFAULT.window(), 1, where);
        JsonNode failed = node.get("maxFailedStarts");
        int maxFailed = DEFAULT.maxFailedStarts();
        if (failed != null) {
            if (!failed.isIntegralNumber() || !failed.canConvertToInt() || failed.intValue() < 1 || failed.intValue() > 1000) {
                throw new BadPolicyException(where + ": supervise.maxFailedStarts must be a whole number from 1 to 1000, got " + shown(failed));
            }
            maxFailed = failed.intValue();
        }
        if (max.compareTo(initial) < 0) {
            throw new BadPolicyException(where + ": supervise.backoffMaxSeconds (" + max.toSeconds() + ") is less than backoffInitialSeconds ("
                    + initial.toSeconds() + ")");
        }
        return new SupervisionPolicy(initial, max, uptime, maxFailed, window);
    }

    private static Duration seconds(JsonNode node, String key, Duration fallback, long min, String where) throws BadPolicyException {
        JsonNode value = node.get(key);
        if (value == null) {
            return fallback;
        }
        if (!value.isNumber() || !Double.isFinite(value.doubleValue()) || value.doubleValue() < min || value.doubleValue() > MAX_SECONDS) {
            throw new BadPolicyException(where + ": supervise." + key + " must be a number of seconds from " + min + " to " + MAX_SECONDS
                    + ", got " + shown(value));
        }
        return Duration.ofMillis(Math.round(value.doubleValue() * 1000));
    }

    /** A value as the error line shows it: short, one line. */
    private static String shown(JsonNode value) {
        String text = value.toString().replaceAll("\\R", " ");
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
