package dev.hostwarden.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.core.record.Tokens;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the redactor does to a line: known secrets to fingerprints, secret-looking assignments emptied, the home hidden. */
class RedactorTest {
    private final Redactor redactor = Redactor.builder().secret("known-session-token").secret("abc")
            .secretsOf(Map.of("GITHUB_TOKEN", "ghp_from_env_123", "EDITOR", "vim-editor-value")).home("/home/ada").build();

    @Test
    void knownSecretsBecomeFingerprints() {
        assertEquals("token <secret fingerprint " + Tokens.fingerprint("known-session-token") + "> at <HOME>/x",
                redactor.redact("token known-session-token at /home/ada/x"));
        assertEquals("<secret fingerprint " + Tokens.fingerprint("ghp_from_env_123") + ">", redactor.redact("ghp_from_env_123"));
    }

    @Test
    void ordinaryValuesAndShortStringsStay() {
        assertEquals("vim-editor-value abc", redactor.redact("vim-editor-value abc"), "not a secret name; too short to hunt");
    }

    @Test
    void secretLookingAssignmentsLoseUnknownValues() {
        assertEquals("OPENAI_API_KEY=<redacted> port=8080", redactor.redact("OPENAI_API_KEY=sk-unknown-999 port=8080"));
        assertEquals("\"password\": <redacted>", redactor.redact("\"password\": \"hunter22\""));
        assertEquals("Authorization: <redacted> <redacted>", redactor.redact("Authorization: Bearer abcdefghij"));
        assertEquals("tokenFingerprint=0123456789abcdef \"tokenFingerprint\" : \"0123456789abcdef\"",
                redactor.redact("tokenFingerprint=0123456789abcdef \"tokenFingerprint\" : \"0123456789abcdef\""), "fingerprints stay");
    }
}
