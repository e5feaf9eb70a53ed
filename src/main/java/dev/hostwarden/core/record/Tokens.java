package dev.hostwarden.core.record;

import dev.hostwarden.core.io.Sha256;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;

/** Session tokens and their fingerprints. Tokens are never printed; only fingerprints are. */
public final class Tokens {
    private Tokens() {
    }

    /** First 16 lowercase hex characters of SHA-256 over the UTF-8 token; "" for an empty token. */
    public static String fingerprint(String token) {
        if (token == null || token.isEmpty()) {
            return "";
        }
        return Sha256.hex(Sha256.digest(token.getBytes(StandardCharsets.UTF_8)), 8);
    }

    /** Lowercase hex of SHA-256 over {@code bytes} ({@link Sha256}: no security provider is set up for it). */
    public static String sha256Hex(byte[] bytes) {
        return Sha256.hex(bytes);
    }

    /** A fresh URL-safe random token (256 bits). */
    public static String newToken() {
        byte[] bytes = new byte[32];
        Randomness.SOURCE.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** Seeded on first use only: the read-only commands take fingerprints and never make a token. */
    private static final class Randomness {
        static final SecureRandom SOURCE = new SecureRandom();
    }
}
