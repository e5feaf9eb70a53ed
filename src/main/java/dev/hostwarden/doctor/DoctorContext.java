package dev.hostwarden.doctor;

import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.profiles.ProfileScan;
import dev.hostwarden.core.profiles.ProfilesReport;
import dev.hostwarden.core.proof.ControlSocket;
import dev.hostwarden.core.record.HermesHome;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What the checks look at: the rendezvous directory, the hermes home whose profiles are read, the
 * environment (PATH for hermes). The profile scan is made once, on first use, and shared.
 */
public final class DoctorContext {
    private final HostRendezvous rendezvous;
    private final Path hermesHome;
    private final Environment environment;
    private final Duration hermesTimeout;
    private ProfilesReport profiles;

    public DoctorContext(HostRendezvous rendezvous, Path hermesHome, Environment environment, Duration hermesTimeout) {
        this.rendezvous = rendezvous;
        this.hermesHome = hermesHome;
        this.environment = environment;
        this.hermesTimeout = hermesTimeout;
    }

    public static DoctorContext of(HostRendezvous rendezvous, Environment environment) {
        return new DoctorContext(rendezvous, HermesHome.resolve(environment), environment, Duration.ofSeconds(5));
    }

    public HostRendezvous rendezvous() {
        return rendezvous;
    }

    public Path hermesHome() {
        return hermesHome;
    }

    public Environment environment() {
        return environment;
    }

    /** How long {@code hermes --version} may take. */
    public Duration hermesTimeout() {
        return hermesTimeout;
    }

    /** Every profile home, looked at once (the gateway owner asked at most once, within its timeout). */
    public synchronized ProfilesReport profiles() {
        if (profiles == null) {
            profiles = new ProfileScan(rendezvous, ControlSocket.DEFAULT_TIMEOUT).scan(hermesHome);
        }
        return profiles;
    }
}
