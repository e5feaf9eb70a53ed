package dev.hostwarden.runtime;

import dev.hostwarden.core.platform.Environment;
import dev.hostwarden.core.platform.Platform;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * How to start this program again, for the reference owner a restart launches. Never an assumed
 * {@code <java.home>/bin/java}: a jlink'd runtime image has none. In order of preference:
 * <ol>
 * <li>the installed launcher, named by the system property {@value #PROPERTY} or the environment
 *     variable {@value #VARIABLE} (the package's launcher script sets one); it takes this program's
 *     arguments, so the launch is {@code <launcher> run ROLE ...};</li>
 * <li>the running JVM's own {@code java} executable ({@code ProcessHandle.current().info().command()})
 *     with this class path;</li>
 * <li>{@code <java.home>/bin/java}, only when it is executable.</li>
 * </ol>
 * When none applies the prefix still names the launcher or java it would have used, so the
 * pre-check before a stop reports it as not executable.
 */
public final class HostwardenLauncher {
    public static final String PROPERTY = "hostwarden.launcher";
    public static final String VARIABLE = "HOSTWARDEN_LAUNCHER";
    static final String MAIN_CLASS = "dev.hostwarden.Main";

    private HostwardenLauncher() {
    }

    /** The command words before {@code run ROLE ...}. */
    static List<String> prefix(Environment env) {
        Optional<String> installed = Optional.ofNullable(System.getProperty(PROPERTY)).filter(value -> !value.isEmpty())
                .or(() -> env.get(VARIABLE));
        if (installed.isPresent()) {
            return List.of(installed.get());
        }
        String javaName = Platform.current().executable("java");
        Path fallback = Path.of(System.getProperty("java.home"), "bin", javaName);
        String java = ProcessHandle.current().info().command()
                .filter(HostwardenLauncher::isJavaLauncher)
                .filter(command -> Executables.executable(Path.of(command)))
                .orElse(fallback.toString());
        return List.of(java, "-cp", absoluteClassPath(), MAIN_CLASS);
    }

    /** The JVM's command is a java launcher, not a native application launcher that takes our arguments only. */
    private static boolean isJavaLauncher(String command) {
        String name = Path.of(command).getFileName().toString().toLowerCase(Locale.ROOT);
        return name.equals("java") || name.equals("java.exe") || name.equals("javaw.exe");
    }

    /** The launched JVM may start in another working directory: every class path entry made absolute. */
    private static String absoluteClassPath() {
        List<String> entries = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                entries.add(Path.of(entry).toAbsolutePath().toString());
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
