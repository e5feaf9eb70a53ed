package dev.hostwarden.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.record.Role;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where the fleet's etcd is and how owners share it: the endpoints (tried in order), the scope that
 * names the key two machines agree on (default: the role), the lease's time to live, and optional
 * etcd credentials.
 */
public record FleetConfig(List<URI> endpoints, String scope, int ttlSeconds, String user, String password, Path caFile) {
    public static final int DEFAULT_TTL_SECONDS = 10;
    /** The environment variable that configures a fleet when no {@code --fleet} is given. */
    public static final String ENVIRONMENT = "HOSTWARDEN_FLEET";

    public FleetConfig {
        endpoints = List.copyOf(endpoints);
    }

    /**
     * Parses {@code URL[,URL…]}. Each must be {@code http://host:port} or {@code https://host:port}
     * with a port from 1 to 65535;
     * anything else is an {@link IllegalArgumentException} naming the bad value.
     */
    public static FleetConfig parse(String urls, String scope, Integer ttlSeconds) {
        if (urls == null || urls.isBlank()) {
            throw new IllegalArgumentException("--fleet needs at least one etcd URL, such as http://127.0.0.1:2379");
        }
        List<URI> endpoints = new ArrayList<>();
        for (String part : urls.split(",")) {
            String text = part.strip();
            URI uri;
            try {
                uri = new URI(text);
            } catch (URISyntaxException bad) {
                throw new IllegalArgumentException("fleet endpoint '" + text + "' is not a URL");
            }
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null || uri.getPort() < 0) {
                throw new IllegalArgumentException("fleet endpoint '" + text + "' is not http://HOST:PORT or https://HOST:PORT");
            }
            if (uri.getPort() < 1 || uri.getPort() > 65535) {
                // URI accepts any digits; the socket would refuse them later, after the host lock was taken.
                throw new IllegalArgumentException("fleet endpoint '" + text + "' has port " + uri.getPort() + ", which is not between 1 and 65535");
            }
            endpoints.add(URI.create(scheme + "://" + uri.getHost() + ":" + uri.getPort()));
        }
        int ttl = ttlSeconds == null ? DEFAULT_TTL_SECONDS : ttlSeconds;
        if (ttl < 2 || ttl > 3600) {
            throw new IllegalArgumentException("fleet TTL " + ttl + " s is not between 2 and 3600");
        }
        if (scope != null && !scope.matches("[A-Za-z0-9._-]{1,100}")) {
            throw new IllegalArgumentException("fleet scope '" + scope + "' may hold only letters, digits, '.', '_' and '-' (at most 100)");
        }
        return new FleetConfig(endpoints, scope, ttl, null, null, null);
    }

    /**
     * The settings file's {@code fleet} object: {@code endpoints} (array of URLs), {@code scope},
     * {@code ttlSeconds}, {@code user}, {@code passwordFile} (its content, trailing newline dropped),
     * {@code caFile} (PEM certificates to trust for {@code https://} endpoints).
     * {@code scope} and {@code ttlSeconds} given on the command line win. Bad values throw an
     * {@link IllegalArgumentException} naming {@code where} and the value; the password is never shown.
     */
    public static FleetConfig fromSettings(String where, JsonNode fleet, String scopeOverride, Integer ttlOverride) {
        JsonNode urls = fleet.path("endpoints");
        List<String> endpoints = new ArrayList<>();
        for (JsonNode url : urls) {
            if (!url.isTextual()) {
                throw new IllegalArgumentException(where + ": fleet endpoint " + url + " is not a string");
            }
            endpoints.add(url.textValue());
        }
        if (!urls.isArray() || endpoints.isEmpty()) {
            throw new IllegalArgumentException(where + ": \"fleet\".\"endpoints\" must be a non-empty array of etcd URLs, got " + urls);
        }
        JsonNode ttl = fleet.path("ttlSeconds");
        boolean whole = ttl.isIntegralNumber() && ttl.canConvertToInt();
        if (!ttl.isMissingNode() && !whole) {
            throw new IllegalArgumentException(where + ": \"fleet\".\"ttlSeconds\" must be a whole number, got " + ttl);
        }
        FleetConfig config;
        try {
            config = parse(String.join(",", endpoints), scopeOverride != null ? scopeOverride : text(where, fleet, "scope"),
                    ttlOverride != null ? ttlOverride : whole ? Integer.valueOf(ttl.intValue()) : null);
        } catch (IllegalArgumentException bad) {
            throw new IllegalArgumentException(where + ": " + bad.getMessage());
        }
        String ca = text(where, fleet, "caFile");
        if (ca != null) {
            config = config.withCaFile(Path.of(ca));
        }
        String user = text(where, fleet, "user");
        String passwordFile = text(where, fleet, "passwordFile");
        if (user == null) {
            return config;
        }
        String password = null;
        if (passwordFile != null) {
            try {
                password = Files.readString(Path.of(passwordFile), StandardCharsets.UTF_8).replaceFirst("\\R\\z", "");
            } catch (IOException | RuntimeException unreadable) {
                throw new IllegalArgumentException(where + ": fleet passwordFile '" + passwordFile + "' cannot be read");
            }
        }
        return config.withCredentials(user, password);
    }

    private static String text(String where, JsonNode fleet, String field) {
        JsonNode value = fleet.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual() || value.textValue().isEmpty()) {
            throw new IllegalArgumentException(where + ": \"fleet\".\"" + field + "\" must be a non-empty string, got " + value);
        }
        return value.textValue();
    }

    /**
     * With HOSTWARDEN_FLEET_USER / HOSTWARDEN_FLEET_PASSWORD when the user is set, and
     * HOSTWARDEN_FLEET_CA_FILE when set; otherwise unchanged.
     */
    public FleetConfig withEnvironmentCredentials() {
        String ca = System.getenv("HOSTWARDEN_FLEET_CA_FILE");
        FleetConfig trusted = ca == null || ca.isEmpty() ? this : withCaFile(Path.of(ca));
        String userName = System.getenv("HOSTWARDEN_FLEET_USER");
        return userName == null || userName.isEmpty() ? trusted : trusted.withCredentials(userName, System.getenv("HOSTWARDEN_FLEET_PASSWORD"));
    }

    public FleetConfig withCredentials(String userName, String secret) {
        return new FleetConfig(endpoints, scope, ttlSeconds, userName, secret, caFile);
    }

    /** Trusts the certificates in {@code pem} (a CA file) for {@code https://} endpoints, instead of the JDK's default store. */
    public FleetConfig withCaFile(Path pem) {
        return new FleetConfig(endpoints, scope, ttlSeconds, user, password, pem);
    }

    /** The ownership key: {@code /hostwarden/v1/<scope>/<role>}. */
    public String keyFor(Role role) {
        return "/hostwarden/v1/" + (scope == null ? role.wireName() : scope) + "/" + role.wireName();
    }

    /** The planned-stop key next to the ownership key, which the owner watches. */
    public String stopKeyFor(Role role) {
        return keyFor(role) + "/stop";
    }

    public String describeEndpoints() {
        return String.join(",", endpoints.stream().map(URI::toString).toList());
    }
}
