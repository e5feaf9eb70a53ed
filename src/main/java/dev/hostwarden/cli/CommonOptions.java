package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import java.nio.file.Path;
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
}
