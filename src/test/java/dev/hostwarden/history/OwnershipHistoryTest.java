package dev.hostwarden.history;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.hostwarden.Main;
import dev.hostwarden.core.HostRendezvous;
import dev.hostwarden.core.RoleInspector;
import dev.hostwarden.core.RoleReport;
import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The observer's one call (what the panel's refresh will use): a real owner seen live, seen again,
 * then killed and seen stale, gives one line per change.
 */
class OwnershipHistoryTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @TempDir
    Path tmp;

    @Test
    void anObserverWritesOneLinePerChange() throws Exception {
        Path locks = tmp.resolve("locks");
        HostRendezvous rendezvous = HostRendezvous.at(RendezvousDir.of(locks), ProcessInspector.system());
        RoleInspector inspector = new RoleInspector(rendezvous, false);
        OwnershipHistory history = new OwnershipHistory(HistoryLog.at(tmp.resolve("state/hostwarden/history.jsonl")), locks);
        long pid;
        // The owner records nothing itself here (no XDG_STATE_HOME of the test's): only the observer writes.
        try (ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_GATEWAY_LOCK_DIR", locks.toString(),
                "HERMES_HOME", tmp.resolve("home").toString(), "XDG_STATE_HOME", tmp.resolve("owner-state").toString()), "run", "serve")) {
            owner.readLine(DEADLINE);
            pid = owner.pid();
            Waits.until("the owner proven live", DEADLINE, () -> inspector.inspect(Role.SERVE).verdict() == Verdict.LIVE);
            for (int refresh = 0; refresh < 3; refresh++) {
                history.observe(inspector.inspect(Role.SERVE));
            }
            owner.process().destroyForcibly();
            owner.waitFor(DEADLINE);
        }
        Waits.until("the killed owner's record judged stale", DEADLINE, () -> inspector.inspect(Role.SERVE).verdict() == Verdict.STALE);
        RoleReport stale = inspector.inspect(Role.SERVE);
        history.observe(stale);
        history.observe(inspector.inspect(Role.SERVE));

        List<HistoryEvent> events = history.log().read().events();
        assertEquals(List.of(EventType.LIVE, EventType.STALE), events.stream().map(HistoryEvent::type).toList(), events.toString());
        assertEquals(pid, events.get(0).pid());
        assertEquals(tmp.resolve("home").toString(), events.get(0).home());
        assertEquals(pid, events.get(1).pid());
        assertEquals(stale.reasons().get(0).code().name(), events.get(1).reason());
    }
}
