package dev.hostwarden.cli;

import dev.hostwarden.actions.Actions;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.history.Actor;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.OwnerControl;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** Options every command takes: where the rendezvous directory is, and machine output. */
public final class CommonOptions {
    @Option(names = "--lock-dir", paramLabel = "DIR", description = "Use this rendezvous directory instead of the one hermes would use.")
    Path lockDir;

    @Option(names = "--json", description = "Print exactly one JSON document on stdout.")
    boolean json;

    public boolean json() {
        return json;
    }

    public RendezvousDir rendezvousDir() {
        return lockDir != null ? RendezvousDir.of(lockDir) : RendezvousDir.resolve(Environment.system());
    }

    public HostRendezvous rendezvous() {
        return HostRendezvous.at(rendezvousDir(), ProcessInspector.system());
    }

    /**
     * The actions of this command on {@code rendezvous}, recorded in the user's history as done by this
     * process and its command line ({@code control}: null for a command that starts and stops nothing).
     */
    static Actions actions(HostRendezvous rendezvous, OwnerControl control, CommandSpec spec) {
        return new Actions(rendezvous, control, OwnershipHistory.forUser(rendezvous.dir().path()), Actor.thisProcess(commandWords(spec)));
    }

    /** "hostwarden stop gateway --timeout 10", as the user typed it (bounded). */
    static String commandWords(CommandSpec spec) {
        List<String> args = spec.root().commandLine().getParseResult() == null ? List.of()
                : spec.root().commandLine().getParseResult().originalArgs();
        String words = "hostwarden " + String.join(" ", args);
        return words.length() <= 200 ? words : words.substring(0, 199) + "…";
    }
}
