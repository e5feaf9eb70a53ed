package dev.hostwarden.fleet;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManagerFactory;

/**
 * The few etcd v3 calls a fleet lease needs, over etcd's documented JSON gateway ({@code /v3/...},
 * keys and values base64, 64-bit numbers as strings) with the JDK's HTTP client and Jackson: no gRPC,
 * no Netty, nothing loaded unless a fleet is configured. Endpoints are tried in order on every call,
 * so a dead member costs one connect timeout, not the call.
 */
public final class EtcdClient {
    /** One key as etcd holds it. */
    public record Entry(byte[] value, long createRevision, long modRevision, long lease) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final FleetConfig config;
    private final HttpClient http;
    private final Duration timeout;
    private volatile String authToken;
    /** Why no call can be made (an unusable CA file), or null. */
    private final String setupProblem;

    public EtcdClient(FleetConfig config, Duration timeout) {
        this.config = config;
        this.timeout = timeout;
        HttpClient.Builder builder = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1);
        String problem = null;
        if (config.caFile() != null) {
            try {
                builder.sslContext(trusting(config.caFile()));
            } catch (GeneralSecurityException | IOException | RuntimeException unusable) {
                // Said on every call (one line, 78 at start, UNREACHABLE in status), never thrown from here.
                problem = "fleet CA file '" + config.caFile() + "' cannot be used: " + unusable.getMessage();
            }
        }
        this.http = builder.build();
        this.setupProblem = problem;
    }

    private EtcdClient(EtcdClient shared, Duration timeout) {
        this.config = shared.config;
        this.timeout = timeout;
        this.http = shared.http;
        this.setupProblem = shared.setupProblem;
    }

    /** The same connections with another per-call limit (an owner's start may wait longer than its renewals may). */
    public EtcdClient withTimeout(Duration other) {
        return new EtcdClient(this, other);
    }

    /** A new lease of {@code ttlSeconds}; its id. */
    public long grant(int ttlSeconds) throws IOException {
        JsonNode answer = call("/v3/lease/grant", JSON.createObjectNode().put("TTL", ttlSeconds));
        return number(answer, "ID");
    }

    /** Renews {@code lease}; the TTL etcd now gives it, 0 when it has expired or was revoked. */
    public long keepAlive(long lease) throws IOException {
        JsonNode answer = call("/v3/lease/keepalive", JSON.createObjectNode().put("ID", Long.toString(lease)));
        return number(answer.path("result"), "TTL");
    }

    /** Seconds left on {@code lease}; at most 0 when it is gone. */
    public long timeToLive(long lease) throws IOException {
        JsonNode answer = call("/v3/lease/timetolive", JSON.createObjectNode().put("ID", Long.toString(lease)));
        return answer.has("TTL") ? number(answer, "TTL") : -1;
    }

    public void revoke(long lease) throws IOException {
        call("/v3/lease/revoke", JSON.createObjectNode().put("ID", Long.toString(lease)));
    }

    /**
     * Puts {@code value} at {@code key} bound to {@code lease} only if the key does not exist
     * ({@code create_revision == 0}); the new key's create revision, or empty when it exists.
     */
    public Optional<Long> createIfAbsent(String key, byte[] value, long lease) throws IOException {
        ObjectNode request = JSON.createObjectNode();
        ObjectNode compare = ((ArrayNode) request.putArray("compare")).addObject();
        compare.put("key", base64(key)).put("target", "CREATE").put("result", "EQUAL").put("create_revision", "0");
        ObjectNode put = ((ArrayNode) request.putArray("success")).addObject().putObject("request_put");
        put.put("key", base64(key)).put("value", Base64.getEncoder().encodeToString(value));
        if (lease != 0) {
            put.put("lease", Long.toString(lease));
        }
        JsonNode answer = call("/v3/kv/txn", request);
        if (!answer.path("succeeded").asBoolean(false)) {
            return Optional.empty();
        }
        // The put is the transaction's only write: the revision it made is the key's create revision.
        return Optional.of(number(answer.path("header"), "revision"));
    }

    /** Puts {@code value} at {@code key} whatever is there (no lease). */
    public void put(String key, byte[] value) throws IOException {
        call("/v3/kv/put", JSON.createObjectNode().put("key", base64(key)).put("value", Base64.getEncoder().encodeToString(value)));
    }

    public Optional<Entry> get(String key) throws IOException {
        JsonNode kvs = call("/v3/kv/range", JSON.createObjectNode().put("key", base64(key))).path("kvs");
        if (!kvs.isArray() || kvs.isEmpty()) {
            return Optional.empty();
        }
        JsonNode kv = kvs.get(0);
        byte[] value = kv.has("value") ? Base64.getDecoder().decode(kv.path("value").asText()) : new byte[0];
        return Optional.of(new Entry(value, number(kv, "create_revision"), number(kv, "mod_revision"), number(kv, "lease")));
    }

    /**
     * {@code key} and the keys under {@code key/} in one call (keyed by name): the ownership key and
     * its stop key cost one request per renewal, not two.
     */
    public Map<String, Entry> getWithChildren(String key) throws IOException {
        ObjectNode request = JSON.createObjectNode().put("key", base64(key)).put("range_end", base64(key + "0"));
        JsonNode kvs = call("/v3/kv/range", request).path("kvs");
        Map<String, Entry> found = new LinkedHashMap<>();
        for (JsonNode kv : kvs) {
            String name = new String(Base64.getDecoder().decode(kv.path("key").asText("")), StandardCharsets.UTF_8);
            if (name.equals(key) || name.startsWith(key + "/")) {
                byte[] value = kv.has("value") ? Base64.getDecoder().decode(kv.path("value").asText()) : new byte[0];
                found.put(name, new Entry(value, number(kv, "create_revision"), number(kv, "mod_revision"), number(kv, "lease")));
            }
        }
        return found;
    }

    public void delete(String key) throws IOException {
        call("/v3/kv/deleterange", JSON.createObjectNode().put("key", base64(key)));
    }

    /** One request, each endpoint in turn until one answers; the last failure when none does. */
    private JsonNode call(String path, ObjectNode body) throws IOException {
        if (setupProblem != null) {
            throw new FleetUnreachableException(setupProblem, true);
        }
        String failure = "no endpoint";
        for (URI endpoint : config.endpoints()) {
            try {
                return callOne(endpoint, path, body, true);
            } catch (FleetUnreachableException refused) {
                if (refused.credentialsRefused()) {
                    throw refused;
                }
                failure = refused.getMessage();
            } catch (ConnectException refused) {
                failure = endpoint + ": connection refused";
            } catch (HttpTimeoutException slow) {
                failure = endpoint + ": no answer within " + timeout.toMillis() + " ms";
            } catch (SSLException untrusted) {
                failure = endpoint + ": its TLS certificate is not trusted here (" + untrusted.getMessage().replaceFirst(":.*", "")
                        + "; name the etcd CA with HOSTWARDEN_FLEET_CA_FILE or the settings file's \"fleet\".\"caFile\")";
            } catch (IOException broken) {
                failure = endpoint + ": " + (broken.getMessage() == null ? broken.getClass().getSimpleName() : broken.getMessage());
            }
        }
        throw new FleetUnreachableException("cannot reach the fleet's etcd (" + failure + ")", false);
    }

    private JsonNode callOne(URI endpoint, String path, ObjectNode body, boolean mayAuthenticate) throws IOException {
        if (config.user() != null && authToken == null && mayAuthenticate) {
            authenticate(endpoint);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint.resolve(path)).timeout(timeout)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString(), StandardCharsets.UTF_8));
        if (authToken != null) {
            request.header("Authorization", authToken);
        }
        HttpResponse<String> response;
        try {
            response = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
        JsonNode answer = parse(endpoint, response.body());
        if (response.statusCode() == 401 || answer.path("error").asText("").contains("invalid auth token")) {
            if (mayAuthenticate && config.user() != null) {
                authToken = null;
                return callOne(endpoint, path, body, true);
            }
        }
        if (response.statusCode() != 200) {
            String message = answer.path("message").asText(answer.path("error").asText("HTTP " + response.statusCode()));
            boolean auth = message.contains("permission denied") || message.contains("authentication failed") || message.contains("user name is empty");
            throw new FleetUnreachableException(endpoint + ": etcd refused " + path + ": " + message, auth);
        }
        return answer;
    }

    private void authenticate(URI endpoint) throws IOException {
        ObjectNode body = JSON.createObjectNode().put("name", config.user()).put("password", config.password() == null ? "" : config.password());
        JsonNode answer;
        try {
            answer = callOne(endpoint, "/v3/auth/authenticate", body, false);
        } catch (FleetUnreachableException refused) {
            // Both are configuration mistakes a retry cannot mend: say which, in the operator's words.
            if (refused.getMessage().contains("authentication is not enabled")) {
                throw new FleetUnreachableException(endpoint + ": a fleet user (" + config.user() + ") is configured but this etcd has"
                        + " authentication disabled; remove the user or enable authentication in etcd", true);
            }
            if (refused.credentialsRefused()) {
                throw new FleetUnreachableException(endpoint + ": etcd refused user '" + config.user() + "': wrong user name or password", true);
            }
            throw refused;
        }
        String token = answer.path("token").asText("");
        if (token.isEmpty()) {
            throw new FleetUnreachableException(endpoint + ": etcd gave no token for user '" + config.user() + "'", true);
        }
        authToken = token;
    }

    /** An SSL context that trusts exactly the certificates in the PEM file {@code pem}. */
    private static SSLContext trusting(Path pem) throws GeneralSecurityException, IOException {
        KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
        store.load(null, null);
        try (var in = Files.newInputStream(pem)) {
            int index = 0;
            for (var certificate : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("ca-" + index++, certificate);
            }
            if (index == 0) {
                throw new CertificateException("no certificate in it");
            }
        }
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, trust.getTrustManagers(), null);
        return context;
    }

    private static JsonNode parse(URI endpoint, String body) throws IOException {
        // The keep-alive stream answers one JSON object per line; the first is the answer.
        String first = body.strip().split("\n", 2)[0];
        try {
            JsonNode node = JSON.readTree(first.isEmpty() ? "{}" : first);
            if (node == null || !node.isObject()) {
                throw new FleetUnreachableException(endpoint + " did not answer as etcd's JSON gateway does", false);
            }
            return node;
        } catch (JsonProcessingException notJson) {
            throw new FleetUnreachableException(endpoint + " did not answer as etcd's JSON gateway does (not JSON)", false);
        }
    }

    private static long number(JsonNode node, String field) {
        JsonNode value = node.path(field);
        try {
            return value.isNumber() ? value.asLong() : value.isTextual() ? Long.parseLong(value.asText()) : 0;
        } catch (NumberFormatException notANumber) {
            return 0;
        }
    }

    private static String base64(String key) {
        return Base64.getEncoder().encodeToString(key.getBytes(StandardCharsets.UTF_8));
    }
}
