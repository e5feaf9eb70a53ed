package dev.hostwarden.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.Main;
import dev.hostwarden.core.Cli;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar copied without the {@code lib/} directory its manifest points into (or with an incomplete one)
 * fails with one line naming what is missing, not with class-loading stack traces. The jar is built here the way the package
 * builds it (classes plus a manifest whose Class-Path reaches into lib/), since the tests run before
 * the package phase.
 */
class MissingLibrariesTest {
    @TempDir
    Path tmp;

    @Test
    void aJarWithoutItsLibDirectorySaysSoInOneLine() throws Exception {
        Path install = Files.createDirectory(tmp.resolve("install"));
        Path jar = buildJar(install);
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

    /** hostwarden.jar with this build's classes, and lib/ with Jackson and picocli from the test class path. */
    private static Path buildJar(Path install) throws IOException, java.net.URISyntaxException {
        Path classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path lib = Files.createDirectory(install.resolve("lib"));
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            String name = path.getFileName().toString();
            if (name.endsWith(".jar") && (name.startsWith("jackson-") || name.startsWith("picocli-"))) {
                Files.copy(path, lib.resolve(name));
                classPath.add("lib/" + name);
            }
        }
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Main.class.getName());
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
        Path jar = install.resolve("hostwarden.jar");
        try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest);
             Stream<Path> walk = Files.walk(classes)) {
            for (Path each : walk.filter(Files::isRegularFile).toList()) {
                out.putNextEntry(new JarEntry(classes.relativize(each).toString().replace(File.separatorChar, '/')));
                Files.copy(each, out);
                out.closeEntry();
            }
        }
        return jar;
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
