package dev.hostwarden.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.marker.PlannedStopMarker;
import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** What an owner writes on stderr: one line per event, {@code <UTC time> hostwarden[PID] LEVEL ROLE: message}. */
class OwnerLogLinesTest {
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    @Test
    void aRecordIsOneLineWithTimeProcessLevelAndRole() {
        OneLineLogFormat format = new OneLineLogFormat(4242, Role.GATEWAY.wireName());
        LogRecord record = new LogRecord(Level.WARNING, "the lock file {0} was replaced\nunder this owner");
        record.setParameters(new Object[] {"/x/host-gateway.lock"});
        record.setInstant(Instant.parse("2026-12-01T06:12:20.987654Z"));
        record.setThrown(new IOException("disk\nfull"));
        assertEquals("2026-12-01T06:12:20Z hostwarden[4242] WARN gateway: the lock file /x/host-gateway.lock was replaced under this owner: "
                + "java.io.IOException: disk full" + System.lineSeparator(), format.format(record));
        assertEquals("ERROR", OneLineLogFormat.level(Level.SEVERE));
        assertEquals("INFO", OneLineLogFormat.level(Level.INFO));
        assertEquals("DEBUG", OneLineLogFormat.level(Level.FINE));
    }

    /** A gateway run without --profiles, stopped by a marker this test writes: every line in the format, the stopper named. */
    @Test
    @DisabledOnOs(OS.WINDOWS)
    void aRunGatewayLogsOneLinePerEventAndNamesItsStopper() throws Exception {
        Path locks = tmp.resolve("locks");
        Path home = tmp.resolve("home");
        try (ChildProcess owner = ChildProcess.java(Main.class, Map.of(), "run", "gateway", "--lock-dir", locks.toString(), "--home",
                home.toString())) {
            assertEquals("READY role=gateway pid=" + owner.pid(), owner.readLine(DEADLINE));
            Waits.until("the running line", DEADLINE, () -> owner.stderr().contains("INFO gateway: owner running"));
            // Without --profiles it multiplexes: the root home is profile "default".
            assertTrue(owner.stderr().contains("serving profiles default"), owner.stderr());

            Cli.Result status = Cli.run("status", "--lock-dir", locks.toString(), "gateway").assertPlain();
            assertEquals(0, status.exit(), status.toString());
            assertTrue(status.out().contains("PID " + owner.pid() + " (no bound port; profiles: default)"), status.toString());
            assertTrue(status.out().contains("LIVE: Owner PID " + owner.pid() + " serving: default"), status.toString());
            assertFalse(status.out().contains("unknown") || status.out().contains("not published yet"), status.toString());

            assertTrue(PlannedStopMarker.write(home, owner.pid(), ProcessInspector.system()));
            assertEquals(0, owner.waitFor(DEADLINE), owner.stderr());
            Waits.until("the planned-stop line", DEADLINE, () -> owner.stderr().contains("planned stop"));
            String stderr = owner.stderr();
            assertTrue(stderr.contains("INFO gateway: a planned-stop marker from PID " + Platform.currentPid() + ": planned stop"), stderr);
            assertFalse(stderr.contains("UNKNOWN"), stderr);
            String prefix = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ hostwarden\\[" + owner.pid() + "\\] (INFO|WARN|ERROR|DEBUG) gateway: \\S.*";
            Arrays.stream(stderr.split("\n")).forEach(line -> assertTrue(line.matches(prefix), "one line per event: '" + line + "'\n" + stderr));
        }
    }
}
