package dev.hostwarden.doctor;

import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.profiles.DotEnv;
import dev.hostwarden.core.profiles.ProfileState;
import dev.hostwarden.core.record.Tokens;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The same messaging bot token configured in two profiles: two gateways then poll one bot, and the
 * platform answers each with conflicts (hermes users saw hundreds a week). Reads each home's
 * {@code .env} for the platform token keys hermes uses and compares SHA-256 fingerprints; names the
 * profiles and keys, never a token.
 */
final class DuplicateBotTokenCheck implements DoctorCheck {
    static final String NAME = "duplicateBotTokens";
    /** The platform credentials hermes' gateway reads from a home's .env, each of which one gateway at a time may use. */
    static final List<String> TOKEN_KEYS = List.of("TELEGRAM_BOT_TOKEN", "DISCORD_BOT_TOKEN", "SLACK_BOT_TOKEN", "SLACK_APP_TOKEN",
            "MATTERMOST_TOKEN", "MATRIX_ACCESS_TOKEN");

    @Override
    public Finding run(DoctorContext context) {
        Map<String, List<String>> usesByFingerprint = new LinkedHashMap<>();
        List<String> unreadable = new ArrayList<>();
        int homes = 0;
        for (ProfileState profile : context.profiles().profiles()) {
            if (profile.lock() == null) {
                // A home that cannot be read (the scan says why); its .env is not tried.
                continue;
            }
            Optional<byte[]> env;
            try {
                env = PrivateFiles.readSmall(profile.home().resolve(".env"));
            } catch (IOException unusable) {
                unreadable.add(profile.name());
                continue;
            }
            if (env.isEmpty()) {
                continue;
            }
            homes++;
            Map<String, String> values = DotEnv.parse(new String(env.get(), StandardCharsets.UTF_8));
            for (String key : TOKEN_KEYS) {
                String value = values.get(key);
                if (value != null && !value.isBlank()) {
                    usesByFingerprint.computeIfAbsent(Tokens.fingerprint(value), fingerprint -> new ArrayList<>()).add(profile.name() + " (" + key + ")");
                }
            }
        }
        List<String> shared = new ArrayList<>();
        usesByFingerprint.forEach((fingerprint, uses) -> {
            if (uses.size() > 1) {
                shared.add("fingerprint " + fingerprint + " in profiles " + String.join(" and ", uses));
            }
        });
        String skipped = unreadable.isEmpty() ? "" : "; .env not readable in " + String.join(", ", unreadable);
        if (shared.isEmpty()) {
            return Finding.ok(NAME, "no bot token is configured twice (" + homes + " .env files read)" + skipped);
        }
        return Finding.problem(NAME, "the same bot token is configured twice: " + String.join("; ", shared) + skipped,
                "give each profile its own bot (a new token from the platform), or remove the key from all but one profile's .env");
    }
}
