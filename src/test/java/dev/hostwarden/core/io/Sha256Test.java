package dev.hostwarden.core.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The plain-Java SHA-256 the status path uses, against the JDK's. */
class Sha256Test {
    @Test
    void knownVectors() {
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", Sha256.hex(new byte[0]));
        assertEquals("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Sha256.hex("abc".getBytes(StandardCharsets.US_ASCII)));
        assertEquals("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
                Sha256.hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void agreesWithMessageDigestOnEveryLengthAroundTheBlockSizes() throws Exception {
        Random random = new Random(22);
        for (int length = 0; length < 300; length++) {
            for (int round = 0; round < 5; round++) {
                byte[] bytes = new byte[length];
                random.nextBytes(bytes);
                byte[] expected = MessageDigest.getInstance("SHA-256").digest(bytes);
                assertArrayEquals(expected, Sha256.digest(bytes), "length " + length);
                assertEquals(HexFormat.of().formatHex(expected), Sha256.hex(bytes));
                assertEquals(HexFormat.of().formatHex(expected, 0, 6), Sha256.hex(Sha256.digest(bytes), 6));
            }
        }
        byte[] large = new byte[1 << 20];
        random.nextBytes(large);
        assertArrayEquals(MessageDigest.getInstance("SHA-256").digest(large), Sha256.digest(large));
    }
}
