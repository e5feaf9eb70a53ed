package dev.hostwarden.core.process;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Python;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Process identity from /proc: field 22 after the last ')', zombies are dead, boot epoch and btime. */
class LinuxProcessInspectorTest {
    private static String statLine(String comm, char state, long startTicks) {
        StringBuilder line = new StringBuilder("4242 (").append(comm).append(") ").append(state);
        for (int field = 4; field <= 21; field++) {
            line.append(' ').append(field);
        }
        return line.append(' ').append(startTicks).append(" 23 24 25\n").toString();
    }

    @Test
    void startTicksAreParsedAfterTheLastParenthesis() throws IOException {
        assertEquals(new LinuxProcessInspector.Stat('S', 987654), LinuxProcessInspector.Stat.parse(statLine("java", 'S', 987654)));
        assertEquals(new LinuxProcessInspector.Stat('R', 55), LinuxProcessInspector.Stat.parse(statLine("evil) Z 1 2 (x", 'R', 55)),
                "a name with spaces and parentheses must not shift the fields");
        assertThrows(IOException.class, () -> LinuxProcessInspector.Stat.parse("4242 no parenthesis"));
        assertThrows(IOException.class, () -> LinuxProcessInspector.Stat.parse("4242 (short) S 1 2"));
    }

    @Test
    void aFakeProcTreeIsReadAsHermesWould(@TempDir Path proc) throws IOException {
        Files.createDirectories(proc.resolve("4242"));
        Files.createDirectories(proc.resolve("1"));
        Files.createDirectories(proc.resolve("7"));
        Files.createDirectories(proc.resolve("self"));
        Files.createDirectories(proc.resolve("sys/kernel/random"));
        Files.writeString(proc.resolve("4242/stat"), statLine("owner", 'S', 1500));
        Files.writeString(proc.resolve("7/stat"), statLine("gone", 'Z', 1600));
        Files.writeString(proc.resolve("1/stat"), statLine("init", 'S', 3));
        Files.writeString(proc.resolve("stat"), "cpu 1 2 3\nbtime 1700000000\nprocesses 9\n");
        Files.writeString(proc.resolve("sys/kernel/random/boot_id"), "0d3c-boot\n");
        Files.writeString(proc.resolve("self/mountinfo"), "22 1 0:21 / /proc rw,nosuid shared:12 - proc proc rw\n");
        LinuxProcessInspector inspector = new LinuxProcessInspector(proc);

        assertEquals(ProcessInspector.Presence.ALIVE, inspector.presence(4242).presence());
        assertEquals(ProcessInspector.Presence.DEAD, inspector.presence(7).presence(), "a zombie is dead");
        assertTrue(inspector.presence(7).evidence().contains("zombie"));
        assertEquals(ProcessInspector.Presence.DEAD, inspector.presence(99).presence());
        assertEquals(1500L, inspector.startTicks(4242));
        assertNull(inspector.startTicks(99));
        assertEquals(1_700_000_000.0, inspector.bootTime());
        assertEquals(1_700_000_015.0, inspector.createTime(4242));
        assertEquals("0d3c-boot:3", inspector.currentBootEpoch());

        Files.writeString(proc.resolve("self/mountinfo"), "22 1 0:21 / /proc rw,nosuid shared:12 - proc proc rw,hidepid=2\n");
        assertEquals(ProcessInspector.Presence.UNKNOWN, inspector.presence(99).presence(), "hidepid: a missing PID may be hidden");

        Files.writeString(proc.resolve("sys/kernel/random/boot_id"), "");
        assertEquals("0d3c-boot:3", inspector.currentBootEpoch(), "the epoch is read once: a boot outlives its processes");
        LinuxProcessInspector later = new LinuxProcessInspector(proc);
        assertEquals("", later.currentBootEpoch(), "an unreadable boot id is an empty epoch");
        Files.writeString(proc.resolve("sys/kernel/random/boot_id"), "0d3c-boot\n");
        assertEquals("0d3c-boot:3", later.currentBootEpoch(), "an empty epoch is not kept: it is asked again");
        Files.writeString(proc.resolve("7/stat"), "garbage");
        assertEquals(ProcessInspector.Presence.UNKNOWN, inspector.presence(7).presence(), "unreadable is never dead");
    }

    @Test
    void thisProcessIsAliveAndARealZombieIsDead() throws Exception {
        assumeTrue(Platform.current().hasProcFs(), "/proc is Linux only");
        LinuxProcessInspector inspector = new LinuxProcessInspector();
        assertEquals(ProcessInspector.Presence.ALIVE, inspector.presence(Platform.currentPid()).presence());
        assertNotNull(inspector.startTicks(Platform.currentPid()));
        assertTrue(inspector.currentBootEpoch().matches("[0-9a-f-]{36}:\\d+"), inspector.currentBootEpoch());

        // A forked child that exits while its parent never reaps it stays a zombie: ProcessHandle says alive.
        String python = Python.python3();
        String script = "import os,sys,time\npid=os.fork()\nif pid==0:\n    os._exit(0)\nprint(pid,flush=True)\nsys.stdin.read()\n";
        try (ChildProcess parent = ChildProcess.start(List.of(python, "-c", script), Map.of())) {
            long zombie = Long.parseLong(parent.readLine(Duration.ofSeconds(30)).strip());
            Waits.until("the child to become a zombie", Duration.ofSeconds(30),
                    () -> inspector.presence(zombie).presence() != ProcessInspector.Presence.ALIVE);
            assertEquals(ProcessInspector.Presence.DEAD, inspector.presence(zombie).presence());
            assertTrue(inspector.presence(zombie).evidence().contains("zombie"), inspector.presence(zombie).evidence());
            assertTrue(ProcessHandle.of(zombie).isPresent(), "the JDK still sees the zombie");
        }
    }
}
