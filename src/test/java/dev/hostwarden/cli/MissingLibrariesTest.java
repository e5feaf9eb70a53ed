package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Cli;
import dev.hostwarden.testsupport.HostwardenJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar copied without the {@code lib/} directory its manifest points into (or with an incomplete one)
 * fails with one line naming what is missing, not with class-loading stack traces. The jar is built here the way the package
 * builds it ({@link HostwardenJar}), since the tests run before the package phase.
 */
class MissingLibrariesTest {
    @TempDir
    Path tmp;

    @Test
    void aJarWithoutItsLibDirectorySaysSoInOneLine() throws Exception {
        Path install = Files.createDirectory(tmp.resolve("install"));
        // Jackson and picocli only: all a command needs.
        Path jar = HostwardenJar.build(install, name -> name.startsWith("jackson-") || name.startsWith("picocli-"));
        String locks = tmp.resolve("locks").toString();

        Cli.Result withLib = runJar(jar, "status", "--lock-dir", locks, "gateway");
        assertEquals(3, withLib.exit(), "the control: with lib/ the jar works: " + withLib);

        Path lib = install.resolve("lib");
        try (Stream<Path> jars = Files.list(lib)) {
            for (Path picocli : jars.filter(each -> each.getFileName().toString().startsWith("picocli-")).toList()) {
                Files.delete(picocli);
            }
        }
        Cli.Result incomplete = runJar(jar, "explain", "--lock-dir", locks, "gateway").assertPlain();
        assertEquals(70, incomplete.exit(), incomplete.toString());
        assertEquals(1, incomplete.err().split("\n").length, "one line: " + incomplete);
        assertTrue(incomplete.err().startsWith("hostwarden: a library class cannot be loaded (picocli.CommandLine)"), incomplete.toString());

        try (Stream<Path> jars = Files.list(lib)) {
            for (Path each : jars.toList()) {
                Files.delete(each);
            }
        }
        Files.delete(lib);
        for (String[] args : List.of(new String[] {"status", "--lock-dir", locks, "gateway"}, new String[] {"explain", "gateway"},
                new String[] {"run", "serve", "--lock-dir", locks})) {
            Cli.Result alone = runJar(jar, args).assertPlain();
            assertEquals(70, alone.exit(), alone.toString());
            assertEquals("", alone.out(), alone.toString());
            assertEquals(1, alone.err().split("\n").length, "one line: " + alone);
            assertTrue(alone.err().startsWith("hostwarden: the libraries directory " + lib + " is missing"), alone.toString());
        }
        assertTrue(Files.notExists(Path.of(locks)), "nothing was written");
    }

    private static Cli.Result runJar(Path jar, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-jar", jar.toString()));
        command.addAll(List.of(args));
        Path out = Files.createTempFile("hostwarden-jar-out", ".txt");
        Path err = Files.createTempFile("hostwarden-jar-err", ".txt");
        try {
            Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("java -jar " + String.join(" ", args) + " did not finish within 120 s");
            }
            return new Cli.Result(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.delete(out);
            Files.delete(err);
        }
    }
}
