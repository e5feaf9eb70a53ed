package dev.hostwarden.core.profiles;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.lock.LockProbe;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The result of one {@link ProfileScan}.
 *
 * @param problem "" or why the homes themselves cannot be read (then {@code profiles} holds what could be seen)
 */
public record ProfilesReport(Path hermesHome, GatewayOwnerView owner, List<ProfileState> profiles, String problem) {
    public ProfilesReport {
        profiles = List.copyOf(profiles);
    }

    /** The contract's JSON document. */
    public ObjectNode toJson() {
        ObjectNode json = JsonTrees.object();
        json.put("hermesHome", hermesHome.toString());
        if (owner.absent()) {
            json.putNull("owner");
        } else {
            ObjectNode node = json.putObject("owner");
            node.put("pid", owner.pid());
            node.put("verdict", owner.verdict().name());
            node.put("home", owner.home() == null ? null : owner.home().toString());
            node.put("answered", owner.answered());
            if (owner.answered()) {
                ArrayNode served = node.putArray("served");
                owner.served().forEach(served::add);
            } else {
                node.putNull("served");
            }
            node.put("why", owner.why());
        }
        json.put("problem", problem.isEmpty() ? null : problem);
        ArrayNode list = json.putArray("profiles");
        for (ProfileState state : profiles) {
            list.add(profile(state));
        }
        return json;
    }

    private static ObjectNode profile(ProfileState state) {
        ObjectNode node = JsonTrees.object();
        node.put("name", state.name());
        node.put("home", state.home().toString());
        node.put("problem", state.problem().isEmpty() ? null : state.problem());
        node.put("served", state.served());
        node.put("servedWhy", state.servedWhy());
        LockProbe lock = state.lock();
        if (lock == null) {
            node.putNull("gatewayLock");
        } else {
            node.putObject("gatewayLock").put("state", lock.state().name().toLowerCase(Locale.ROOT)).put("holderPid", lock.holderPid())
                    .put("detail", lock.detail());
        }
        StandaloneGateway standalone = state.standalone();
        if (standalone == null) {
            node.putNull("standalone");
        } else {
            node.putObject("standalone").put("pid", standalone.pid()).put("proven", standalone.proven()).put("why", standalone.why());
        }
        MarkerView marker = state.marker();
        if (marker == null) {
            node.putNull("marker");
        } else {
            ObjectNode m = node.putObject("marker");
            m.put("path", marker.path().toString());
            m.put("problem", marker.problem().isEmpty() ? null : marker.problem());
            if (marker.contents() != null) {
                m.put("targetPid", marker.contents().targetPid());
                m.put("targetStartTime", marker.contents().targetStartTime());
                m.put("stopperPid", marker.contents().writerPid());
                m.put("writtenAt", marker.contents().writtenAt());
                m.put("target", marker.target().name().toLowerCase(Locale.ROOT));
            }
            m.put("ageSeconds", marker.age() == null ? null : marker.age().toMillis() / 1000.0);
            m.put("expired", marker.expired());
            m.put("clearable", marker.clearable());
            m.put("describe", marker.describe());
        }
        ArrayNode leftovers = node.putArray("leftovers");
        for (Leftover leftover : state.leftovers()) {
            leftovers.addObject().put("file", leftover.file().toString()).put("pid", leftover.pid()).put("why", leftover.why());
        }
        return node;
    }
}
