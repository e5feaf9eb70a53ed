package dev.hostwarden.fleet;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The ownership key's value: which machine and process holds the role fleet-wide. Read by people
 * ({@code status}) and by other machines; never trusted for more than display, since the key's
 * lease and create revision are the proof.
 */
public record FleetHolder(String host, String machineId, long pid, Long startTicks, String bootEpoch, List<String> profiles, String since) {
    private static final ObjectMapper JSON = new ObjectMapper();

    public FleetHolder {
        profiles = profiles == null ? List.of() : List.copyOf(profiles);
    }

    public byte[] encode() {
        ObjectNode node = JSON.createObjectNode();
        node.put("host", host).put("machineId", machineId).put("pid", pid);
        if (startTicks == null) {
            node.putNull("startTicks");
        } else {
            node.put("startTicks", startTicks);
        }
        node.put("bootEpoch", bootEpoch);
        profiles.forEach(node.putArray("profiles")::add);
        node.put("since", since);
        return node.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The holder a value names; a value that is not such a document reads as an unknown holder. */
    public static FleetHolder decode(byte[] value) {
        try {
            JsonNode node = JSON.readTree(value);
            if (node != null && node.isObject()) {
                List<String> served = new ArrayList<>();
                node.path("profiles").forEach(profile -> served.add(profile.asText()));
                return new FleetHolder(node.path("host").asText("?"), node.path("machineId").asText(""), node.path("pid").asLong(0),
                        node.path("startTicks").isNumber() ? node.path("startTicks").asLong() : null, node.path("bootEpoch").asText(""),
                        served, node.path("since").asText(""));
            }
        } catch (IOException | RuntimeException unreadable) {
            // Falls through: someone else's key, or a damaged one.
        }
        return new FleetHolder("?", "", 0, null, "", List.of(), "");
    }

    public String describe() {
        return "host " + host + " PID " + pid;
    }
}
