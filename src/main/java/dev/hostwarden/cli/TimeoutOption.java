package dev.hostwarden.cli;

import java.time.Duration;
import picocli.CommandLine;

/**
 * The {@code --timeout} of {@code start}, {@code stop} and {@code restart}. Apart from {@link
 * ControlOutput}, which the picocli-free stop path links: a method throwing picocli's exception there
 * made every such stop open picocli's jar.
 */
final class TimeoutOption {
    private TimeoutOption() {
    }

    /** A positive, finite number of seconds, else a usage error naming the value. */
    static Duration of(CommandLine commandLine, double seconds) {
        if (!(seconds > 0) || Double.isInfinite(seconds) || seconds > 86_400) {
            throw new CommandLine.ParameterException(commandLine, "--timeout " + seconds + " is not a number of seconds between 0 and 86400");
        }
        return Duration.ofMillis((long) (seconds * 1000));
    }
}
