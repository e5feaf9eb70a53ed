package dev.hostwarden.panel.notify;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.hostwarden.core.Verdict;
import dev.hostwarden.core.record.Role;
import dev.hostwarden.panel.model.OwnershipEvent;
import dev.hostwarden.testsupport.ChildProcess;
import dev.hostwarden.testsupport.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.freedesktop.dbus.connections.impl.DBusConnection;
import org.freedesktop.dbus.connections.impl.DBusConnectionBuilder;
import org.freedesktop.dbus.interfaces.DBus;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same path with a real notification daemon: dunst on a private bus and a private Xvfb display.
 * It must show the notification, answer a click with "default", and take it down when the problem
 * is resolved. Skipped loudly unless dbus-daemon, dunst, dunstctl and Xvfb are installed.
 */
class DunstNotificationsTest {
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    @Test
    void dunstShowsTheNotificationOpensOnClickAndDropsItWhenResolved() throws Exception {
        for (String tool : List.of("dunst", "dunstctl", "Xvfb")) {
            if (PrivateSessionBus.onPath(tool) == null) {
                System.err.println("SKIPPED: " + tool + " is not on PATH (apt-get install dunst xvfb); the test with a real"
                        + " notification daemon did not run");
                Assumptions.abort(tool + " is not on PATH (apt-get install dunst xvfb): no real notification daemon to test with");
            }
        }
        try (PrivateSessionBus bus = PrivateSessionBus.start(tmp);
             ChildProcess xvfb = ChildProcess.start(List.of("Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0",
                     "800x600x24"), Map.of())) {
            String display = ":" + xvfb.readLine(WAIT).trim();
            Path config = Files.writeString(tmp.resolve("dunstrc"), """
                    [urgency_low]
                        timeout = 0
                    [urgency_normal]
                        timeout = 0
                    [urgency_critical]
                        timeout = 0
                    """);
            Map<String, String> env = Map.of("DISPLAY", display, "DBUS_SESSION_BUS_ADDRESS", bus.address());
            try (ChildProcess dunst = ChildProcess.start(List.of("dunst", "-config", config.toString()), env);
                 DBusConnection probe = DBusConnectionBuilder.forAddress(bus.address()).withShared(false).build()) {
                DBus daemon = probe.getRemoteObject("org.freedesktop.DBus", "/org/freedesktop/DBus", DBus.class);
                Waits.until("dunst owns " + FreedesktopNotifications.BUS_NAME + "; dunst stderr:\n" + dunst.stderr(), WAIT,
                        () -> daemon.NameHasOwner(FreedesktopNotifications.BUS_NAME));

                RecordingActions actions = new RecordingActions();
                SteppingClock clock = new SteppingClock();
                Notifier notifier = Notifiers.forBus(bus.address(), RecordingTray::new);
                assertInstanceOf(DbusNotifier.class, notifier, notifier.describe());
                NotificationPolicy policy = new NotificationPolicy(notifier, actions, clock, Runnable::run);
                try {
                    policy.accept(new OwnershipEvent(Role.GATEWAY, OwnershipEvent.Kind.TURNED_STALE,
                            "gateway: owner PID 4242 turned stale (PID 4242 is not running)"));
                    Waits.until("dunst displays one notification", WAIT, () -> dunstctl(env, "count", "displayed").equals("1"));

                    policy.verdictChanged(Role.GATEWAY, Verdict.STALE, Verdict.LIVE);
                    Waits.until("the resolved notification moved to dunst's history", WAIT,
                            () -> dunstctl(env, "count", "displayed").equals("0")
                                    && dunstctl(env, "history").contains("Hostwarden: gateway is stale"));
                    // issue 21: notifications carried no picture. dunst shows one and names the file it loaded: the
                    // stale glyph (the image-path hint, which wins over the app icon the wire test sees too).
                    String history = dunstctl(env, "history");
                    assertTrue(history.contains("/tray-stale-64.png\""), "dunst loaded the state's picture:\n" + history);

                    clock.advance(NotificationPolicy.PER_ROLE_INTERVAL);
                    policy.accept(new OwnershipEvent(Role.SERVE, OwnershipEvent.Kind.DIED, "serve: owner PID 77 is gone (NO_OWNER)"));
                    Waits.until("dunst displays the next one", WAIT, () -> dunstctl(env, "count", "displayed").equals("1"));
                    dunstctl(env, "action", "0");
                    actions.opened.get(WAIT.toSeconds(), TimeUnit.SECONDS);
                } finally {
                    policy.close();
                }
            }
        }
    }

    /** dunstctl's output, trimmed; it talks to dunst over the bus in {@code env}. */
    private static String dunstctl(Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>(List.of("dunstctl"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        try {
            Process process = builder.start();
            String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new AssertionError("dunstctl " + String.join(" ", args) + " did not finish");
            }
            return output.trim();
        } catch (IOException failed) {
            throw new AssertionError("dunstctl " + String.join(" ", args) + " failed: " + failed, failed);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", interrupted);
        }
    }
}
