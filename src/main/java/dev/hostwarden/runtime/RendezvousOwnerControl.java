package dev.hostwarden.runtime;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.record.HostRecord;
import dev.hostwarden.core.record.Role;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

/**
 * {@link OwnerControl} on the host rendezvous: {@link StopProcedure} ends an owner, {@link LaunchProcedure}
 * brings one up, and this class puts them together as stop, start and restart. Each is configured by
 * its {@code with…} methods and reads the user's settings file when it runs.
 */
public final class RendezvousOwnerControl implements OwnerControl {
    private final HostRendezvous rendezvous;
    private final Signaller signaller;
    private final boolean signal;
    private final LaunchProcedure.SettingsSource settings;
    private final Environment env;
    private final boolean relaunchReference;

    /** Reads the user's settings file ({@link LaunchSettings#loadDefault}) when it runs. */
    public RendezvousOwnerControl(HostRendezvous rendezvous) {
        this(rendezvous, Signaller.system(), Platform.current().hasSignals(), LaunchSettings::loadDefault, Environment.system(), false);
    }

    private RendezvousOwnerControl(HostRendezvous rendezvous, Signaller signaller, boolean signal, LaunchProcedure.SettingsSource settings,
                                   Environment env, boolean relaunchReference) {
        this.rendezvous = rendezvous;
        this.signaller = signaller;
        this.signal = signal;
        this.settings = settings;
        this.env = env;
        this.relaunchReference = relaunchReference;
    }

    public RendezvousOwnerControl withSignaller(Signaller replacement) {
        return new RendezvousOwnerControl(rendezvous, replacement, signal, settings, env, relaunchReference);
    }

    /** Marker only, no SIGTERM: the Windows stop, on any platform. Escalation still applies after the timeout. */
    public RendezvousOwnerControl withoutSigterm() {
        return new RendezvousOwnerControl(rendezvous, signaller, false, settings, env, relaunchReference);
    }

    /** Reads the settings file {@code file} (which must exist) each time an owner is launched, so a fix takes effect at once. */
    public RendezvousOwnerControl withSettingsFile(Path file) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, ignored -> LaunchSettings.loadNamed(file), env, relaunchReference);
    }

    public RendezvousOwnerControl withSettings(LaunchSettings replacement) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, ignored -> replacement, env, relaunchReference);
    }

    /** The environment the launch inherits and where the launch log goes (tests point it at temp dirs). */
    public RendezvousOwnerControl withEnvironment(Environment replacement) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, settings, replacement, relaunchReference);
    }

    /**
     * Allows restart to replace an owner that is not Hostwarden's (a hermes process) with the
     * reference owner when nothing else is configured ({@code --relaunch-reference}); without it that
     * restart is refused before anything is stopped.
     */
    public RendezvousOwnerControl withReferenceRelaunch(boolean allowed) {
        return new RendezvousOwnerControl(rendezvous, signaller, signal, settings, env, allowed);
    }

    public HostRendezvous rendezvous() {
        return rendezvous;
    }

    private StopProcedure stopper() {
        return new StopProcedure(rendezvous, signaller, signal);
    }

    private LaunchProcedure launcher() {
        return new LaunchProcedure(rendezvous, settings, env, relaunchReference);
    }

    /** Where a launched owner's output goes. */
    public Path logPath(Role role) {
        return launcher().logPath(role);
    }

    @Override
    public ControlResult stop(Role role, Duration timeout, boolean escalate, Consumer<ControlStep> progress, BooleanSupplier cancelled) {
        return stopper().stop(role, timeout, escalate, new ControlSteps(progress), cancelled);
    }

    @Override
    public ControlResult start(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress, BooleanSupplier cancelled) {
        ControlSteps steps = new ControlSteps(progress);
        RoleReport report = new RoleInspector(rendezvous, false).inspect(role);
        if (report.verdict() == Verdict.UNUSABLE) {
            return StopProcedure.unusable(report, "nothing was launched");
        }
        Long live = StopProcedure.provenOwner(report);
        if (live != null) {
            return new ControlResult(ControlResult.Outcome.ALREADY_LIVE, "the " + role + " owner PID " + live
                    + " is already live; nothing was started", live, live);
        }
        if (report.verdict() == Verdict.STARTING || report.verdict() == Verdict.UNPROVABLE) {
            Long holder = report.lock().holderPid();
            return new ControlResult(ControlResult.Outcome.FAILED, "the " + role + " host lock is held"
                    + (holder == null ? "" : " by PID " + holder) + " (" + report.verdict() + "); nothing was started", null, null);
        }
        HostRecord published = rendezvous.readRecord(role, true);
        HostRecord before = published != null ? published : lastServed;
        LaunchProcedure launcher = launcher();
        LaunchSettings.Launch launch;
        try {
            launch = launcher.preflight(role, null, before);
        } catch (LaunchProcedure.Refusal refused) {
            return new ControlResult(ControlResult.Outcome.REFUSED, "start: " + refused.getMessage() + "; nothing was started", null, null);
        }
        stopper().retract(role, steps);
        Long dead = published == null ? null : published.pid();
        return launcher.launchAndAwait(role, launch, before, dead, timeout, steps, cancelled, "start", ControlResult.Outcome.STARTED);
    }

    @Override
    public ControlResult restart(Role role, Duration timeout, HostRecord lastServed, Consumer<ControlStep> progress,
                                 BooleanSupplier cancelled) {
        ControlSteps steps = new ControlSteps(progress);
        RoleReport report = new RoleInspector(rendezvous, false).inspect(role);
        if (report.verdict() == Verdict.UNUSABLE) {
            return StopProcedure.unusable(report, "nothing was stopped or launched");
        }
        HostRecord published = rendezvous.readRecord(role, true);
        HostRecord before = published != null ? published : lastServed;
        LaunchProcedure launcher = launcher();
        LaunchSettings.Launch launch;
        try {
            launch = launcher.preflight(role, StopProcedure.provenOwner(report), before);
        } catch (LaunchProcedure.Refusal refused) {
            return new ControlResult(ControlResult.Outcome.REFUSED, "restart: " + refused.getMessage() + "; nothing was stopped",
                    StopProcedure.provenOwner(report), null);
        }
        StopProcedure stopper = stopper();
        ControlResult stopped = stopper.stop(role, timeout, true, steps, cancelled);
        switch (stopped.outcome()) {
            case FAILED, CANCELLED -> {
                return new ControlResult(stopped.outcome(), "restart: " + stopped.message(), stopped.oldPid(), null);
            }
            case UNUSABLE -> {
                return stopped;
            }
            default -> {
            }
        }
        stopper.retract(role, steps);
        return launcher.launchAndAwait(role, launch, before, stopped.oldPid(), timeout, steps, cancelled, "restart",
                ControlResult.Outcome.RESTARTED);
    }
}
