package dev.hostwarden.panel;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A child JVM that claims the panel instance the way the launcher does, without JavaFX: prints the
 * claim, then {@code show-requested} for each request from a later launch, and closes its instance
 * when its stdin closes.
 */
public final class PanelInstanceChild {
    private PanelInstanceChild() {
    }

    public static void main(String[] args) throws IOException {
        try (PanelInstance instance = new PanelInstance(Path.of(args[0]), Duration.ofSeconds(10))) {
            PanelInstance.Claim claim = instance.claim(() -> {
                System.out.println("show-requested");
                System.out.flush();
            });
            System.out.println(claim.name());
            System.out.flush();
            while (System.in.read() >= 0) {
                // Live until the parent closes our stdin.
            }
        }
    }
}
