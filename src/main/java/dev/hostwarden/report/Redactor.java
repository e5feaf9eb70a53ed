package dev.hostwarden.report;

import dev.hostwarden.core.record.Tokens;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Makes text safe to hand to someone else: every known secret (a host token, a secret-looking
 * environment variable's or {@code .env} key's value) becomes {@code <secret fingerprint F>}, the
 * user's home directory becomes {@code <HOME>}, and a {@code name=value} whose name looks secret
 * loses its value even when the value was not known beforehand (log lines).
 */
public final class Redactor {
    /** Shorter values are not redacted wherever they occur: they would erase ordinary words and numbers. */
    static final int MIN_SECRET_LENGTH = 6;

    /** Compiled at the first redaction, not with the class: status makes a deferred redactor it rarely uses. */
    private static final class Patterns {
        /** A name that says it holds a secret: tokens, keys, passwords, credentials, cookies. */
        static final Pattern SECRET_NAME = Pattern.compile("(?i).*(token|secret|passw|passphrase|api_?key|private|credential|auth|cookie|session_key|_key$).*");
        /** {@code name=value}, {@code name: value}, {@code "name": "value"} where the name looks secret. */
        static final Pattern SECRET_ASSIGNMENT = Pattern.compile(
                "(?i)\\b([A-Za-z0-9_.-]*(?:token|secret|passw(?:or)?d|api_?key|credential|authorization)[A-Za-z0-9_.-]*)([\"']?\\s*[=:]\\s*)(\"[^\"]*\"|'[^']*'|[^\\s,;}\"']+)");
        static final Pattern BEARER = Pattern.compile("(?i)\\bBearer\\s+[A-Za-z0-9._~+/=-]+");
    }

    private final List<String> secrets;
    private final List<String> homes;
    /** Where a deferred redactor gets its real one, built at its first use; null for a built one. */
    private final Supplier<Redactor> deferred;
    private volatile Redactor resolved;

    private Redactor(List<String> secrets, List<String> homes, Supplier<Redactor> deferred) {
        this.secrets = secrets;
        this.homes = homes;
        this.deferred = deferred;
    }

    /**
     * A redactor built only when it first redacts: collecting every secret reads files (each profile's
     * {@code .env}) that a command which ends up showing nothing need not read.
     */
    public static Redactor deferred(Supplier<Redactor> source) {
        return new Redactor(List.of(), List.of(), source);
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Collects what must not appear. */
    public static final class Builder {
        private final Set<String> secrets = new LinkedHashSet<>();
        private final Set<String> homes = new LinkedHashSet<>();

        public Builder secret(String value) {
            if (value != null && value.strip().length() >= MIN_SECRET_LENGTH) {
                secrets.add(value.strip());
            }
            return this;
        }

        /** Every value whose name looks secret. */
        public Builder secretsOf(Map<String, String> variables) {
            variables.forEach((name, value) -> {
                if (Patterns.SECRET_NAME.matcher(name).matches()) {
                    secret(value);
                }
            });
            return this;
        }

        public Builder home(String path) {
            if (path != null && path.length() > 1) {
                homes.add(path.endsWith("/") ? path.substring(0, path.length() - 1) : path);
            }
            return this;
        }

        public Redactor build() {
            List<String> longestFirst = new ArrayList<>(secrets);
            longestFirst.sort(Comparator.comparingInt(String::length).reversed());
            List<String> homesLongestFirst = new ArrayList<>(homes);
            homesLongestFirst.sort(Comparator.comparingInt(String::length).reversed());
            return new Redactor(List.copyOf(longestFirst), List.copyOf(homesLongestFirst), null);
        }
    }

    public String redact(String text) {
        if (deferred != null) {
            Redactor real = resolved;
            if (real == null) {
                real = deferred.get();
                resolved = real;
            }
            return real.redact(text);
        }
        String result = text;
        for (String secret : secrets) {
            result = result.replace(secret, "<secret fingerprint " + Tokens.fingerprint(secret) + ">");
        }
        result = Patterns.BEARER.matcher(result).replaceAll("Bearer <redacted>");
        Matcher assignment = Patterns.SECRET_ASSIGNMENT.matcher(result);
        StringBuilder scrubbed = new StringBuilder();
        while (assignment.find()) {
            String value = assignment.group(3);
            // A fingerprint is what may be shown; a short value is a flag or a number, not a secret.
            boolean keep = value.startsWith("<") || value.length() < MIN_SECRET_LENGTH
                    || assignment.group(1).toLowerCase(Locale.ROOT).contains("fingerprint");
            String replacement = keep ? assignment.group()
                    : assignment.group(1) + assignment.group(2) + "<redacted>";
            assignment.appendReplacement(scrubbed, Matcher.quoteReplacement(replacement));
        }
        assignment.appendTail(scrubbed);
        result = scrubbed.toString();
        for (String home : homes) {
            result = result.replace(home, "<HOME>");
        }
        return result;
    }

    public byte[] redact(byte[] utf8) {
        return redact(new String(utf8, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8);
    }
}
