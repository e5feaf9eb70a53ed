package dev.hostwarden.testsupport;

import dev.hostwarden.Main;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Stream;

/**
 * hostwarden.jar built the way the package builds it (this build's classes, a manifest whose Class-Path
 * reaches into {@code lib/} beside it), for tests that run {@code java -jar}: they run before the
 * package phase makes the real one.
 */
public final class HostwardenJar {
    private HostwardenJar() {
    }

    /**
     * Writes {@code install/hostwarden.jar} and {@code install/lib/} with the test class path's jars whose
     * file names {@code wanted} accepts; returns the jar.
     */
    public static Path build(Path install, Predicate<String> wanted) throws IOException {
        Path classes;
        try {
            classes = Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException impossible) {
            throw new IOException(impossible);
        }
        Path lib = Files.createDirectories(install.resolve("lib"));
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            String name = path.getFileName().toString();
            if (name.endsWith(".jar") && wanted.test(name) && !classPath.contains("lib/" + name)) {
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
}
