package dev.hostwarden.doctor;

import dev.hostwarden.core.platform.Platform;
import dev.hostwarden.runtime.Executables;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Whether {@code hermes} is on PATH, and its version ({@code hermes --version}, bounded by a timeout). */
final class HermesCheck implements DoctorCheck {
    static final String NAME = "hermes";

    @Override
    public Finding run(DoctorContext context) {
        Optional<Path> hermes = Executables.resolve("hermes", null, context.environment());
        if (hermes.isEmpty()) {
            return Finding.warn(NAME, "hermes is not on PATH (" + context.environment().get("PATH").orElse("PATH unset") + ")",
                    "install hermes-agent or add its directory to PATH (restart launches it from there)");
        }
        try {
            Process process = new ProcessBuilder(hermes.get().toString(), "--version").redirectErrorStream(true)
                    .redirectInput(ProcessBuilder.Redirect.from(new File(nullDevice()))).start();
            if (!process.waitFor(context.hermesTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                return Finding.warn(NAME, hermes.get() + " --version gave no answer within " + context.hermesTimeout().toSeconds() + " s",
                        "run '" + hermes.get() + " --version' by hand to see what it waits for");
            }
            String first = firstLine(process.getInputStream());
            if (process.exitValue() != 0) {
                return Finding.warn(NAME, hermes.get() + " --version exited " + process.exitValue() + (first.isEmpty() ? "" : ": " + first),
                        "reinstall hermes-agent");
            }
            return Finding.ok(NAME, hermes.get() + ": " + (first.isEmpty() ? "(no version printed)" : first));
        } catch (IOException failed) {
            return Finding.warn(NAME, hermes.get() + " cannot be run: " + failed.getMessage(), "check its permissions and interpreter");
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return Finding.warn(NAME, "interrupted while asking hermes its version", "");
        }
    }

    private static String firstLine(InputStream output) throws IOException {
        byte[] bytes = output.readNBytes(4096);
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        int end = text.indexOf('\n');
        return (end < 0 ? text : text.substring(0, end)).strip();
    }

    private static String nullDevice() {
        return Platform.current().nullDevice();
    }
}
