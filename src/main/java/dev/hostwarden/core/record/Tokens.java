package dev.hostwarden.core.record;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/** Session tokens and their fingerprints. Tokens are never printed; only fingerprints are. */
public final class Tokens {
    private Tokens() {
    }

    /** First 16 lowercase hex characters of SHA-256 over the UTF-8 token; "" for an empty token. */
    public static String fingerprint(String token) {
        if (token == null || token.isEmpty()) {
            return "";
        }
        return sha256Hex(token.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
    }

    public static String sha256Hex(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException impossible) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", impossible);
        }
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
