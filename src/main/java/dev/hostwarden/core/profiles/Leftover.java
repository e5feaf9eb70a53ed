package dev.hostwarden.core.profiles;

import dev.hostwarden.core.process.ProcessInspector;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A file a gateway left in its home that names a process no longer there ({@code gateway.pid},
 * {@code gateway_state.json}), or that cannot be read as a PID record at all.
 *
 * @param pid the PID it names, or null when it names none it can be read for
 * @param why in plain words
 */
public record Leftover(Path file, Long pid, String why) {
    static final List<String> FILES = List.of("gateway.pid", "gateway_state.json");

    /** The leftovers of one home; a file naming a running process (or one that cannot be told) is not one. */
    static List<Leftover> of(Path home, ProcessInspector inspector) {
        List<Leftover> leftovers = new ArrayList<>();
        for (String name : FILES) {
            Path file = home.resolve(name);
            PidRecordFile read = PidRecordFile.read(file);
            if (read instanceof PidRecordFile.Unusable unusable) {
                // gateway_state.json may carry no PID of its own: only a broken file is worth a line.
                if (name.equals("gateway.pid") || !unusable.why().equals("names no pid")) {
                    leftovers.add(new Leftover(file, null, name + " " + unusable.why()));
                }
            } else if (read instanceof PidRecordFile.Found found) {
                ProcessMatch match = ProcessMatch.of(found.pid(), found.startTime(), inspector);
                if (match.gone()) {
                    String state = found.raw().path("gateway_state").isTextual() ? " (gateway_state " + found.raw().path("gateway_state").textValue() + ")" : "";
                    leftovers.add(new Leftover(file, found.pid(), name + " names PID " + found.pid() + state + ": " + match.describe(found.pid())));
                }
            }
        }
        return leftovers;
    }
}
