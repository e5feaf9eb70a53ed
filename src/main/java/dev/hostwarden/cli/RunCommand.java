package dev.hostwarden.cli;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.io.JsonTrees;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.HermesHome;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.history.OwnershipHistory;
import dev.hostwarden.runtime.ClusterLease;
import dev.hostwarden.runtime.HostOwner;
import dev.hostwarden.runtime.OneLineLogFormat;
import dev.hostwarden.runtime.OwnerSignals;
import dev.hostwarden.runtime.OwnerStartException;
import dev.hostwarden.runtime.ServedProfiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = HostwardenCommand.Version.class, description = "Run a reference owner of ROLE in the foreground, exactly as a hermes owner behaves.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:planned stop (a marker naming it, or SIGINT)", "1:any other signal (plain SIGTERM)",
                "75:another process holds the host lock (retry later)", "78:configuration error", "2:usage error"})
final class RunCommand implements Callable<Integer> {
    @Mixin
    CommonOptions common;

    @Mixin
    FleetOptions fleet;


    @Parameters(paramLabel = "ROLE", converter = RoleConverter.class, description = "gateway, serve or desktop-serve")
    Role role;

    @Option(names = "--home", paramLabel = "DIR", description = "The HERMES_HOME to publish and watch (default: HERMES_HOME, else hermes' default).")
    Path home;

    @Option(names = "--host", paramLabel = "H", defaultValue = "127.0.0.1", description = "Bind host of the identity endpoint (serve roles; default ${DEFAULT-VALUE}).")
    String host;

    @Option(names = "--port", paramLabel = "N", defaultValue = "0", description = "TCP port of the identity endpoint (serve roles); 0 picks a free one (default).")
    int port;

    @Option(names = "--profiles", paramLabel = "a,b", description = "The served profile set to publish.")
    String profiles;

    @Option(names = "--wait", description = "Block until the host lock is free, then take it, instead of exiting 75.")
    boolean waitForLock;

    @Option(names = "--force", description = "Run even when another process holds the host lock (no record is published).")
    boolean force;

    @Option(names = "--poll-interval", paramLabel = "SECONDS", defaultValue = "0.5",
            description = "How often the planned-stop watcher polls besides file-system events (default ${DEFAULT-VALUE}).")
    double pollSeconds;

    @Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        Output output = HostwardenCommand.output(spec, common);
        HostOwner owner;
        try {
            if (!(pollSeconds > 0) || pollSeconds > 3600) {
                throw new OwnerStartException(OwnerStartException.EX_CONFIG, "poll interval " + pollSeconds + " s is not between 0 and 3600", null);
            }
            List<String> argv = new ArrayList<>(List.of("hostwarden"));
            argv.addAll(spec.commandLine().getParseResult().originalArgs());
            AtomicReference<HostOwner> built = new AtomicReference<>();
            HostRendezvous rendezvous = common.rendezvous();
            ClusterLease lease = null;
            if (fleet.configuredEndpoints() != null) {
                try {
                    lease = FleetSupport.lease(FleetSupport.config(fleet), role, rendezvous,
                            () -> built.get() == null ? List.of() : built.get().served());
                } catch (IllegalArgumentException bad) {
                    throw new OwnerStartException(OwnerStartException.EX_CONFIG, bad.getMessage(), null);
                }
            }
            owner = HostOwner.builder(role)
                    .clusterLease(lease)
                    .home(home != null ? home : HermesHome.resolve(Environment.system()))
                    .host(host)
                    .port(port)
                    .profiles(ServedProfiles.parseProfiles(profiles))
                    .waitForLock(waitForLock)
                    .force(force)
                    .pollInterval(Duration.ofNanos((long) (pollSeconds * 1e9)))
                    .rendezvous(rendezvous)
                    .argv(argv)
                    .history(OwnershipHistory.forUser(rendezvous.dir().path()))
                    .build();
            built.set(owner);
        } catch (OwnerStartException bad) {
            output.error("CONFIG", bad.getMessage());
            return bad.exitCode();
        }
        OneLineLogFormat.install(role);
        OwnerSignals.attach(owner);
        try {
            owner.start();
        } catch (OwnerStartException failed) {
            output.error(failed.exitCode() == OwnerStartException.EX_TEMPFAIL ? "HELD" : "CONFIG", failed.getMessage());
            return failed.exitCode();
        }
        if (output.json()) {
            var ready = JsonTrees.object().put("ready", true).put("role", role.wireName()).put("pid", Platform.currentPid());
            ready.put("port", owner.record().port());
            output.out().println(JsonTrees.compact(ready));
        } else {
            output.out().println("READY role=" + role.wireName() + " pid=" + Platform.currentPid());
        }
        output.out().flush();
        return owner.awaitStop();
    }
}
