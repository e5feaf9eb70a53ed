package dev.hostwarden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleFinder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The packaged runtime image holds the modules listed in installer/runtime-modules.txt. A module the
 * program uses but the list lacks only shows when the installed program reaches that code (the
 * package once died in {@code run serve} for want of jdk.httpserver), so jdeps checks the list here.
 */
class RuntimeModulesTest {
    private static final Path LIST = Path.of("installer", "runtime-modules.txt");

    @Test
    void everyModuleTheProgramUsesIsInTheRuntimeImage() throws Exception {
        Set<String> listed = listedModules();
        Set<String> used = usedModules();
        assertTrue(used.contains("java.base") && used.contains("jdk.httpserver"), "jdeps saw the program: " + used);
        Set<String> missing = new TreeSet<>(used);
        missing.removeAll(listed);
        assertEquals(Set.of(), missing, "used (jdeps) but missing from " + LIST);
    }

    @Test
    void everyListedModuleExists() throws Exception {
        ModuleFinder jdkAndFx = ModuleFinder.compose(ModuleFinder.ofSystem(), ModuleFinder.of(javafxJars().toArray(Path[]::new)));
        for (String module : listedModules()) {
            assertTrue(jdkAndFx.find(module).isPresent(), LIST + " names " + module + ", which neither the JDK nor JavaFX has");
        }
    }

    static Set<String> listedModules() throws Exception {
        Set<String> modules = new TreeSet<>();
        for (String line : Files.readAllLines(LIST)) {
            String module = line.replaceFirst("#.*", "").strip();
            if (!module.isEmpty()) {
                modules.add(module);
            }
        }
        return modules;
    }

    /** jdeps over target/classes and the runtime jars, JavaFX's platform jars on the module path. */
    private static Set<String> usedModules() throws Exception {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("this JDK has no jdeps"));
        List<String> args = new ArrayList<>(List.of("--ignore-missing-deps", "--multi-release", "17", "--print-module-deps",
                "--module-path", String.join(File.pathSeparator, javafxJars().stream().map(Path::toString).toList()),
                Path.of("target", "classes").toString()));
        for (Path jar : runtimeJars()) {
            if (!jar.getFileName().toString().startsWith("javafx-")) {
                args.add(jar.toString());
            }
        }
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = jdeps.run(new PrintWriter(out), new PrintWriter(err), args.toArray(String[]::new));
        assertEquals(0, exit, "jdeps failed: " + err);
        String last = out.toString().strip().lines().reduce((first, second) -> second).orElse("");
        return new TreeSet<>(Arrays.asList(last.split(",")));
    }

    /** JavaFX's modular jars: the ones with a platform classifier (the plain ones are empty stand-ins). */
    private static List<Path> javafxJars() throws Exception {
        return runtimeJars().stream()
                .filter(jar -> jar.getFileName().toString().matches("javafx-[a-z]+-[0-9.]+-[a-z0-9-]+\\.jar"))
                .toList();
    }

    /** Written by maven-dependency-plugin (build-classpath, runtime scope) before the tests run. */
    private static List<Path> runtimeJars() throws Exception {
        String classPath = Files.readString(Path.of("target", "runtime-classpath.txt")).strip();
        return Arrays.stream(classPath.split(File.pathSeparator)).filter(entry -> !entry.isEmpty()).map(Path::of).toList();
    }
}
