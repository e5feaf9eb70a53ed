package dev.hostwarden.runtime;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.profiles.ProfileHomes;
import dev.hostwarden.core.record.HostRecord;
import java.util.List;

/** What an owner answers on its HTTP endpoint and its control socket, apart from how it runs. */
final class OwnerAnswers {
    private final HostOwner owner;
    private final ServedProfiles served;
    private final ProcessInspector inspector;
    /** This process's start ticks, read once (they never change): identify is asked by every status. */
    private volatile Long startTicks;

    OwnerAnswers(HostOwner owner, ServedProfiles served, ProcessInspector inspector) {
        this.owner = owner;
        this.served = served;
        this.inspector = inspector;
    }

    /** What the endpoint answers: who this is (never the token, only its fingerprint). */
    ObjectNode identity() {
        ObjectNode node = JsonTrees.object();
        node.put("pid", Platform.currentPid());
        node.put("role", owner.role().wireName());
        node.put("home", owner.home().toString());
        node.put("hermes_home", owner.home().toString());
        ArrayNode names = node.putArray("profiles");
        served.now().forEach(names::add);
        HostRecord record = owner.record();
        if (record != null) {
            node.put("port", record.port());
            node.put("tokenFingerprint", record.tokenFingerprint());
            node.put("startTime", record.startTime());
        }
        node.put("protocolVersion", HostRecord.PROTOCOL_VERSION);
        node.put("state", state());
        node.put("watcher_ticks", owner.watcherTicks());
        return node;
    }

    /** The control socket's verbs, as a hermes gateway answers them; null for a verb it does not know. */
    ObjectNode controlVerb(String verb) {
        switch (verb) {
            case "identify": {
                ObjectNode result = JsonTrees.object();
                result.put("pid", Platform.currentPid());
                result.put("kind", "hermes-gateway");
                result.put("hermes_home", owner.home().toString());
                List<String> now = served.now().isEmpty() ? List.of(ProfileHomes.DEFAULT) : served.now();
                result.put("profile", now.get(0));
                result.set("served_profiles", names(now));
                result.put("multiplex", true);
                Long start = ownStartTicks();
                if (start == null) {
                    result.putNull("start_time");
                } else {
                    result.put("start_time", start);
                }
                return result;
            }
            case "rescan-profiles": {
                ObjectNode result = JsonTrees.object();
                result.put("multiplex", true);
                result.set("served_profiles", names(served.rescan()));
                return result;
            }
            case "status": {
                ObjectNode result = identity();
                result.put("gateway_state", state());
                return result;
            }
            default:
                return null;
        }
    }

    private Long ownStartTicks() {
        Long known = startTicks;
        if (known == null) {
            known = inspector.startTicks(Platform.currentPid());
            startTicks = known;
        }
        return known;
    }

    private String state() {
        return owner.isDraining() ? "draining" : owner.isRunning() ? "running" : "starting";
    }

    private static ArrayNode names(List<String> names) {
        ArrayNode array = JsonTrees.object().arrayNode();
        names.forEach(array::add);
        return array;
    }
}
