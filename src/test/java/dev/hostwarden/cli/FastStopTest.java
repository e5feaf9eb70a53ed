package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Cli;
import dev.hostwarden.core.Owners;
import dev.hostwarden.testsupport.ChildProcess;
import java.io.ByteArrayOutputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The picocli-free path of {@code stop ROLE} ({@link FastStop}) takes exactly the plain forms, and does
 * what picocli's StopCommand does: the same exit code, stdout and step lines (PIDs and times aside),
 * against real {@code run serve} owners, the same history events, and the same refusals.
 */
class FastStopTest {
    private static final Pattern PID = Pattern.compile("PID \\d+|\"(oldPid|newPid)\" : \\d+|\"elapsedMs\" : \\d+|\\[ *\\d+\\.\\d+s\\]"
            // History lines start with their second; two stops may straddle one.
            + "|\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");

    @TempDir
    Path tmp;

    private final List<ChildProcess> owners = new ArrayList<>();

    @AfterEach
    void stopOwners() {
        owners.forEach(ChildProcess::close);
    }

    private Path dir() {
        return tmp.resolve("locks");
    }

    private void serveOwner() throws Exception {
        ChildProcess owner = ChildProcess.java(Main.class, Map.of("HERMES_HOME", tmp.resolve("home").toString()),
                "run", "serve", "--lock-dir", dir().toString());
        owners.add(owner);
        assertEquals("READY role=serve pid=" + owner.pid(), owner.readLine(Owners.START_TIMEOUT), owner.stderr());
    }

    private static String masked(String text) {
        return PID.matcher(text).replaceAll("<n>");
    }

    private static boolean takesFastPath(String... args) {
        PrintWriter sink = new PrintWriter(new ByteArrayOutputStream());
        return FastStop.tryRun(args, sink, sink) != null;
    }

    @Test
    void onlyThePlainFormsTakeTheFastPath() throws Exception {
        String missing = tmp.resolve("missing").toString();
        assertTrue(takesFastPath("stop", "gateway", "--lock-dir", missing));
        assertTrue(takesFastPath("stop", "--json", "desktop-serve", "--lock-dir=" + missing));
        for (String[] args : List.of(new String[] {"stop"}, new String[] {"stop", "nope", "--lock-dir", missing},
                new String[] {"stop", "serve", "serve", "--lock-dir", missing}, new String[] {"stop", "serve", "--timeout", "5", "--lock-dir", missing},
                new String[] {"stop", "serve", "--no-escalate", "--lock-dir", missing}, new String[] {"stop", "serve", "--no-signal", "--lock-dir", missing},
                new String[] {"stop", "serve", "--json", "--json", "--lock-dir", missing}, new String[] {"stop", "serve", "--lock-dir", missing, "--lock-dir", missing},
                new String[] {"stop", "serve", "--lock-dir", "--json"}, new String[] {"stop", "serve", "--fleet", "http://127.0.0.1:1"},
                new String[] {"stop", "--help"}, new String[] {"status", "serve"})) {
            assertFalse(takesFastPath(args), String.join(" ", args));
        }
    }

    @Test
    void aStopOfALiveOwnerIsThePicocliPathsByteForByte() throws Exception {
        String d = dir().toString();
        for (String[] args : List.of(new String[] {"stop", "serve", "--lock-dir", d}, new String[] {"stop", "--json", "serve", "--lock-dir", d})) {
            serveOwner();
            Cli.Result fast = Cli.run(args).assertPlain();
            serveOwner();
            Cli.Result picocli = CliContractTest.viaPicocli(args).assertPlain();
            assertEquals(0, fast.exit(), fast.toString());
            assertEquals(picocli.exit(), fast.exit(), String.join(" ", args));
            assertEquals(masked(picocli.out()), masked(fast.out()), String.join(" ", args));
            assertEquals(masked(picocli.err()), masked(fast.err()), String.join(" ", args));
            assertNotEquals(picocli.out(), fast.out(), "two owners, two PIDs: the comparison is of real stops");
        }
        Cli.Result history = Cli.run("history", "serve", "--lock-dir", d);
        List<String> lines = Arrays.stream(history.out().split("\n")).filter(line -> line.contains("hostwarden stop")).toList();
        assertEquals(4, lines.size(), "one line per stop, each naming the command:\n" + history.out());
        assertEquals(masked(lines.get(1)), masked(lines.get(0)), "the history records the fast stop as picocli's:\n" + history.out());
        assertEquals(masked(lines.get(3)), masked(lines.get(2)), history.out());
    }

    @Test
    void refusalsAndEmptyRolesAreThePicocliPaths() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a directory");
        for (String[] args : List.of(new String[] {"stop", "serve", "--lock-dir", tmp.resolve("missing").toString()},
                new String[] {"stop", "--json", "gateway", "--lock-dir", tmp.resolve("missing").toString()},
                new String[] {"stop", "serve", "--lock-dir", file.resolve("sub").toString()},
                new String[] {"stop", "--json", "desktop-serve", "--lock-dir", file.resolve("sub").toString()})) {
            Cli.Result fast = Cli.run(args).assertPlain();
            Cli.Result picocli = CliContractTest.viaPicocli(args).assertPlain();
            assertEquals(picocli.toString(), fast.toString(), String.join(" ", args));
            assertNotEquals(0, fast.exit(), fast.toString());
        }
    }
}
