package dev.hostwarden.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.hostwarden.core.process.ProcessInspector;
import dev.hostwarden.core.record.RendezvousDir;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Python;
import dev.hostwarden.testsupport.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * One status document is one moment (issue 8, point 6): a role is never STALE or NO_OWNER while its
 * recorded PID holds the host lock. Owners here are python3 processes publishing hermes' record
 * format; an exiting owner is one whose main thread has ended (the PID reads as a zombie) while
 * another of its threads still holds the lock, as a JVM or an interpreter does on its way out.
 */
@EnabledOnOs(OS.LINUX)
class OneMomentTest {
    /**
     * A hermes-like owner in python3. {@code owner(...)}: take the host lock, write the token, then
     * the record; live a while; then leave cleanly (record and token removed, hermes'
     * {@code clear_record}), crash (both left), or exit slowly (the main thread ends first, another
     * thread holds the lock a little longer). Mode {@code exiting}: one owner that stays exiting
     * until it is killed. Mode {@code churn}: owners one after another while {@code FLAG} exists.
     */
    private static final String OWNERS = """
            import ctypes, fcntl, hashlib, json, os, random, sys, threading, time
            mode, lock_dir, home, boot_epoch = sys.argv[1:5]
            lock_path, record_path, token_path = (os.path.join(lock_dir, "host-gateway." + ext) for ext in ("lock", "json", "token"))

            def start_ticks(pid):
                with open("/proc/%d/stat" % pid) as stat:
                    text = stat.read()
                return int(text[text.rindex(")") + 2:].split()[19])

            def write(path, text):
                tmp = path + ".tmp.%d" % os.getpid()
                fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w") as handle:
                    handle.write(text)
                os.replace(tmp, path)

            def publish():
                handle = open(lock_path, "a+")
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
                pid = os.getpid()
                token = "token-%d" % pid
                write(token_path, token)
                write(record_path, json.dumps({"role": "gateway", "home": home, "pid": pid, "createTime": None,
                    "startTime": start_ticks(pid), "bootEpoch": boot_epoch, "host": "", "port": None, "protocolVersion": 1,
                    "tokenFingerprint": hashlib.sha256(token.encode()).hexdigest()[:16], "profiles": ["default"],
                    "updatedAt": "2026-01-01T00:00:00.000000+00:00"}))
                return handle

            def exit_main_thread_first(linger):
                threading.Thread(target=linger).start()
                ctypes.CDLL(None).pthread_exit(None)

            if mode == "exiting":
                lock = publish()  # kept: closing the file would release the lock
                print("EXITING %d" % os.getpid(), flush=True)
                exit_main_thread_first(lambda: (time.sleep(600), os._exit(0)))
            else:
                rng = random.Random(int(sys.argv[5]))
                flag = sys.argv[6]
                print("CHURNING", flush=True)
                while os.path.exists(flag):
                    how, live, dying = rng.choice(["clean", "crash", "slow"]), rng.uniform(0, 0.03), rng.uniform(0.005, 0.03)
                    child = os.fork()
                    if child == 0:
                        try:
                            lock = publish()  # kept: closing the file would release the lock  # kept: closing the file would release the lock
                            time.sleep(live)
                            if how == "clean":
                                os.unlink(record_path)
                                os.unlink(token_path)
                            if how != "slow":
                                os._exit(0)
                            exit_main_thread_first(lambda: (time.sleep(dying), os._exit(0)))
                        finally:
                            os._exit(3)
                    os.waitpid(child, 0)
                print("DONE", flush=True)
            """;

    @TempDir
    Path tmp;

    private Path dir() {
        return tmp.resolve("gateway-locks");
    }

    private Python.Script owners() throws Exception {
        RendezvousDir.of(dir()).ensure();
        Files.createDirectories(tmp.resolve("home"));
        return Python.script(tmp.resolve("owners.py"), OWNERS);
    }

    private String[] args(String mode, String... more) {
        List<String> args = new ArrayList<>(List.of(mode, dir().toString(), tmp.resolve("home").toString(),
                ProcessInspector.system().currentBootEpoch()));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    private Cli.Result status() {
        return Cli.run("status", "--json", "--lock-dir", dir().toString(), "gateway").assertPlain();
    }

    /** The invariant, on one status document: never STALE or NO_OWNER while the recorded PID holds the lock. */
    private static void assertOneMoment(Cli.Result result) {
        JsonNode role = result.role();
        String verdict = role.path("verdict").asText();
        JsonNode lock = role.path("lock");
        JsonNode recordPid = role.path("record").path("pid");
        boolean heldByRecordedPid = lock.path("state").asText().equals("HELD") && recordPid.isIntegralNumber()
                && lock.path("holderPid").isIntegralNumber() && lock.path("holderPid").asLong() == recordPid.asLong();
        assertFalse((verdict.equals("STALE") || verdict.equals("NO_OWNER")) && heldByRecordedPid,
                "a " + verdict + " verdict while the recorded PID holds the lock: two moments in one document\n" + result);
    }

    @Test
    void anOwnerThatHoldsTheLockWhileItsPidReadsAsExitedIsStoppingNotStale() throws Exception {
        try (ChildProcess owner = owners().start(args("exiting"))) {
            assertEquals("EXITING " + owner.pid(), owner.readLine(Duration.ofSeconds(30)));
            Waits.until("the main thread has ended: the PID reads as a zombie", Duration.ofSeconds(30),
                    () -> ProcessInspector.system().presence(owner.pid()).presence() == ProcessInspector.Presence.DEAD);

            Cli.Result result = status();
            assertOneMoment(result);
            JsonNode role = result.role();
            assertEquals("UNPROVABLE", role.path("verdict").asText(), result.toString());
            assertEquals(4, result.exit());
            assertEquals("HELD", role.path("lock").path("state").asText());
            assertEquals(owner.pid(), role.path("lock").path("holderPid").asLong());
            List<String> codes = new ArrayList<>();
            role.path("reasons").forEach(reason -> codes.add(reason.path("code").asText()));
            assertTrue(codes.contains("OWNER_EXITING") && codes.contains("PID_DEAD"), codes.toString());
            assertFalse(role.path("retractable").asBoolean(), "the lock is held: retract would refuse");
            assertEquals(1, Cli.run("retract", "--lock-dir", dir().toString(), "gateway").exit(), "and it does");
            assertTrue(Files.exists(RendezvousDir.of(dir()).recordPath(Role.GATEWAY)));
        }
    }

    @Test
    void statusUnderOwnerChurnNeverMixesTwoMoments() throws Exception {
        Path flag = Files.writeString(tmp.resolve("churning"), "");
        int reads = 200;
        List<String> verdicts = new ArrayList<>();
        try (ChildProcess churn = owners().start(args("churn", "8", flag.toString()))) {
            assertEquals("CHURNING", churn.readLine(Duration.ofSeconds(30)));
            for (int i = 0; i < reads; i++) {
                Cli.Result result = status();
                assertOneMoment(result);
                verdicts.add(result.role().path("verdict").asText());
            }
            Files.delete(flag);
            assertEquals("DONE", churn.readLine(Duration.ofSeconds(30)), churn.stderr());
        }
        assertTrue(verdicts.contains("LIVE"), "owners came and went while status read: " + verdicts);
    }
}
