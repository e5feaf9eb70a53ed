package dev.hostwarden.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.proof.Reason;
import dev.hostwarden.core.proof.ReasonCode;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.supervise.SupervisionRecord;
import dev.hostwarden.supervise.SupervisorSlot;
import dev.hostwarden.supervise.SupervisorState;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * What {@code status} and {@code explain} say about a role's supervisor: who keeps it running and
 * what it does ({@code supervision} in JSON, a {@code kept} line in text), and the reason
 * {@code SUPERVISION_GAVE_UP} once it gave up. Read-only: the supervisor's published record and a look
 * at its lock.
 */
final class Supervision {
    private Supervision() {
    }

    /** The supervisor of {@code report}'s role in {@code dir}, if one runs. */
    static Optional<SupervisionRecord> of(RendezvousDir dir, RoleReport report) {
        return SupervisorSlot.of(Environment.system().stateHome(), report.role(), dir.path()).holder();
    }

    /** The report with SUPERVISION_GAVE_UP when its supervisor gave up; the verdict stays about ownership. */
    static RoleReport withReasons(RoleReport report, Optional<SupervisionRecord> supervisor) {
        if (supervisor.isEmpty() || supervisor.get().state() != SupervisorState.GAVE_UP) {
            return report;
        }
        SupervisionRecord gaveUp = supervisor.get();
        return report.withReasons(List.of(new Reason(ReasonCode.SUPERVISION_GAVE_UP, "The supervisor PID " + gaveUp.pid() + " ("
                + gaveUp.by() + ") " + gaveUp.note())));
    }

    /** {@code "supervision": {…}} or {@code null}. */
    static void write(JsonGenerator generator, Optional<SupervisionRecord> supervisor) throws IOException {
        generator.writeFieldName("supervision");
        if (supervisor.isEmpty()) {
            generator.writeNull();
        } else {
            supervisor.get().write(generator);
        }
    }

    /** The text line: {@code   kept    running by PID 812 (hostwarden supervise gateway): watching; owner PID 4242}. */
    static void print(PrintWriter out, Optional<SupervisionRecord> supervisor) {
        // Neither a lambda nor printf: status runs in a fresh JVM, where the first of each costs more than the line.
        if (supervisor.isPresent()) {
            out.print("  kept    ");
            out.println(supervisor.get().describe().substring("kept ".length()));
        }
    }
}
