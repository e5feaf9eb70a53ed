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
import picocli.CommandLine.ParseResult;

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
        ParseResult parsed = spec.root().commandLine().getParseResult();
        return actions(rendezvous, control, parsed == null ? List.of() : parsed.originalArgs());
    }

    /** The same for a command run without picocli ({@link FastStop}), from the arguments as typed. */
    static Actions actions(HostRendezvous rendezvous, OwnerControl control, List<String> args) {
        return new Actions(rendezvous, control, OwnershipHistory.forUser(rendezvous.dir().path()), Actor.thisProcess(commandWords(args)));
    }

    /** "hostwarden stop gateway --timeout 10", as the user typed it (bounded). */
    private static String commandWords(List<String> args) {
        String words = "hostwarden " + String.join(" ", args);
        return words.length() <= 200 ? words : words.substring(0, 199) + "…";
    }
}
