package dev.hostwarden.core;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.hostwarden.cli.Commands;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs the command line in this JVM (through {@link Commands#run}) or as a real child JVM. */
public final class Cli {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Cli() {
    }

    /** What one invocation printed and returned. */
    public record Result(int exit, String out, String err) {
        /** stdout as exactly one JSON document (fails when it is anything else). */
        public JsonNode json() {
            try {
                return JSON.readTree(out);
            } catch (IOException notOneDocument) {
                throw new AssertionError("stdout is not one JSON document:\n" + out + "\nstderr:\n" + err, notOneDocument);
            }
        }

        /** The single role of a {@code status ROLE --json} document. */
        public JsonNode role() {
            JsonNode roles = json().path("roles");
            if (roles.size() != 1) {
                throw new AssertionError("expected one role in:\n" + out);
            }
            return roles.get(0);
        }

        public String all() {
            return out + err;
        }

        /** No exception class name and no stack trace on stdout or stderr: bad files are told in plain language. */
        public Result assertPlain() {
            for (String tell : new String[] {"Exception", "\tat ", "at dev.hostwarden.", "at java.", "Caused by"}) {
                if (all().contains(tell)) {
                    throw new AssertionError("output shows '" + tell.strip() + "':\n" + this);
                }
            }
            return this;
        }

        @Override
        public String toString() {
            return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
        }
    }

    public static Result run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit;
        try (PrintStream stdout = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream stderr = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            exit = Commands.run(args, stdout, stderr);
        }
        return new Result(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** Runs {@code dev.hostwarden.Main args} in a fresh JVM with this test class path. */
    public static Result runChildJvm(Map<String, String> env, String... args) throws IOException, InterruptedException {
        return runChildJvm(List.of(), env, args);
    }

    /** As {@link #runChildJvm(Map, String...)}, with extra options for the child JVM; a null value in {@code env} removes that variable. */
    public static Result runChildJvm(List<String> jvmOptions, Map<String, String> env, String... args) throws IOException, InterruptedException {
        Path out = Files.createTempFile("hostwarden-cli-out", ".txt");
        Path err = Files.createTempFile("hostwarden-cli-err", ".txt");
        try {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"));
            command.addAll(jvmOptions);
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.hostwarden.Main"));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            env.forEach((name, value) -> {
                if (value == null) {
                    builder.environment().remove(name);
                } else {
                    builder.environment().put(name, value);
                }
            });
            Process process = builder.start();
            if (!process.waitFor(120, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError("hostwarden " + String.join(" ", args) + " did not finish within 120 s");
            }
            return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
