package dev.hostwarden.report;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.PrivateFiles;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.profiles.DotEnv;
import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Every secret this user's files and environment hold, as {@code diagnose} collects them: the host
 * tokens, the values of secret-looking environment variables, and those of each profile home's
 * {@code .env}. Text shown, logged, notified or bundled goes through a {@link Redactor} built from
 * these (a platform's error message or an owner's log line may quote a token).
 */
public final class KnownSecrets {
    private KnownSecrets() {
    }

    /** A builder holding every known secret; add homes to hide before building (diagnose does). */
    public static Redactor.Builder of(HostRendezvous rendezvous, Environment environment, Path hermesHome) {
        Redactor.Builder builder = Redactor.builder().secretsOf(environment.asMap());
        for (Role role : Role.values()) {
            builder.secret(rendezvous.store().readToken(role).orElse(null));
        }
        for (ProfileHomes.Home home : ProfileHomes.list(hermesHome).homes()) {
            try {
                Optional<byte[]> env = PrivateFiles.readSmall(home.home().resolve(".env"));
                env.ifPresent(bytes -> builder.secretsOf(DotEnv.parse(new String(bytes, StandardCharsets.UTF_8))));
            } catch (IOException unreadable) {
                // Not read, so nothing of it can appear either.
            }
        }
        return builder;
    }

    /** A redactor for text shown on this machine: the secrets go, paths stay. */
    public static Redactor redactor(HostRendezvous rendezvous, Environment environment, Path hermesHome) {
        return of(rendezvous, environment, hermesHome).build();
    }
}
