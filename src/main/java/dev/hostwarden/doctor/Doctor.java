package dev.hostwarden.doctor;

import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;

/** Runs every check, in a fixed order; a check that fails unexpectedly is itself a finding, never a crash. */
public final class Doctor {
    private static final System.Logger LOG = System.getLogger(Doctor.class.getName());
    private static final List<DoctorCheck> CHECKS = List.of(new FileSystemCheck(), new PidNamespaceCheck(), new LockDirCheck(),
            new HostRecordCheck(), new LeftoverCheck(), new ExpiredMarkerCheck(), new DuplicateBotTokenCheck(), new ProcessClockCheck(),
            new GatewayPlatformsCheck(), new HermesCheck());

    private Doctor() {
    }

    public static DoctorReport examine(DoctorContext context) {
        List<Finding> findings = new ArrayList<>();
        for (DoctorCheck check : CHECKS) {
            try {
                findings.add(check.run(context));
            } catch (RuntimeException failed) {
                LOG.log(Level.DEBUG, "check {0} failed: {1}", check.getClass().getSimpleName(), failed.toString());
                findings.add(Finding.warn(check.getClass().getSimpleName(), "the check itself failed: " + failed.getMessage(),
                        "report this with 'hostwarden diagnose'"));
            }
        }
        return new DoctorReport(findings);
    }
}
