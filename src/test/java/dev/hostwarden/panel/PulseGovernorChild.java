package dev.hostwarden.panel;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import javafx.animation.Animation;
import javafx.animation.RotateTransition;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.scene.shape.Rectangle;
import javafx.stage.Stage;
import javafx.util.Duration;

/**
 * A child JVM with JavaFX on GTK and a governed pulse, driven line by line on stdin by
 * {@link PulseGovernorTest}. It asks for a pulse after every pulse, so the pulses it counts are the
 * timer's rate: {@code await-idle} waits (at most 20 s) for the idle rate and prints {@code idle N}
 * (pulses in the next second); {@code count} prints {@code count N idle=B} for the next second;
 * {@code animate} starts a spinning square and, one quiet period and half a second later, prints
 * {@code animating N idle=B}; {@code still} stops it and prints {@code stopped}.
 */
public final class PulseGovernorChild {
    static final long QUIET_MILLIS = 2_000;
    private static final AtomicInteger PULSES = new AtomicInteger();
    private static PulseGovernor governor;
    private static RotateTransition spin;

    private PulseGovernorChild() {
    }

    public static void main(String[] args) throws Exception {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, "governor-check");
            thread.setDaemon(true);
            return thread;
        });
        CompletableFuture<Boolean> started = new CompletableFuture<>();
        Platform.startup(() -> {
            Rectangle square = new Rectangle(40, 40);
            spin = new RotateTransition(Duration.seconds(1), square);
            spin.setByAngle(360);
            spin.setCycleCount(Animation.INDEFINITE);
            Scene scene = new Scene(new StackPane(square), 320, 240);
            scene.addPostLayoutPulseListener(() -> {
                PULSES.incrementAndGet();
                Platform.requestNextPulse();
            });
            Stage stage = new Stage();
            stage.setTitle("PulseGovernorChild");
            stage.setScene(scene);
            stage.show();
            governor = PulseGovernor.install(scene, scheduler, 4, QUIET_MILLIS);
            Platform.requestNextPulse();
            started.complete(governor != null);
        });
        System.out.println(started.get(30, TimeUnit.SECONDS) ? "governed" : "ungoverned");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line; (line = in.readLine()) != null; ) {
            switch (line) {
                case "await-idle" -> {
                    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
                    while (!onFx(() -> governor.isIdle()) && System.nanoTime() < deadline) {
                        Thread.sleep(50);
                    }
                    System.out.println(onFx(() -> governor.isIdle()) ? "idle " + pulsesInOneSecond() : "never idle");
                }
                case "count" -> System.out.println("count " + pulsesInOneSecond() + " idle=" + onFx(() -> governor.isIdle()));
                case "animate" -> {
                    Platform.runLater(spin::play);
                    Thread.sleep(QUIET_MILLIS + 500);
                    System.out.println("animating " + pulsesInOneSecond() + " idle=" + onFx(() -> governor.isIdle()));
                }
                case "still" -> {
                    Platform.runLater(spin::stop);
                    System.out.println("stopped");
                }
                default -> System.out.println("unknown " + line);
            }
            System.out.flush();
        }
        Platform.exit();
    }

    private static int pulsesInOneSecond() throws InterruptedException {
        int before = PULSES.get();
        Thread.sleep(1_000);
        return PULSES.get() - before;
    }

    private static boolean onFx(BooleanSupplier question) throws Exception {
        CompletableFuture<Boolean> answer = new CompletableFuture<>();
        Platform.runLater(() -> answer.complete(question.getAsBoolean()));
        return answer.get(10, TimeUnit.SECONDS);
    }
}
